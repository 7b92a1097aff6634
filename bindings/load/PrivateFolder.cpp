//===- PrivateFolder.cpp --------------------------------------------------===//
#include "bindings/load/PrivateFolder.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace wf::cache {

std::string untrustedReason(const struct stat &st) {
  uid_t me = ::geteuid();
  if (st.st_uid != me)
    return "owned by uid " + std::to_string(st.st_uid) +
           ", not by this user (uid " + std::to_string(me) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH)) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o",
                  static_cast<unsigned>(st.st_mode & 07777));
    return std::string("writable by group or others (mode ") + mode + ")";
  }
  return "";
}

std::string folderProblem(const std::string &path, bool &exists) {
  struct stat st;
  exists = true;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) {
      exists = false;
      return "";
    }
    return std::string("cannot be examined: ") + std::strerror(errno);
  }
  if (!S_ISDIR(st.st_mode))
    return "not a folder";
  return untrustedReason(st);
}

std::string makePrivateFolder(const std::string &path) {
  // Each missing component is made 0700 (not create_directories' 0777
  // less the umask); one made meanwhile by another process is checked
  // below like any existing one.
  std::filesystem::path partial;
  for (const auto &part : std::filesystem::path(path)) {
    partial /= part;
    if (::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
      return std::string("cannot be created: ") + std::strerror(errno);
  }
  bool exists;
  std::string problem = folderProblem(path, exists);
  if (problem.empty() && !exists)
    return "cannot be created";
  return problem;
}

} // namespace wf::cache
