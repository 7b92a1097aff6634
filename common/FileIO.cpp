#include "common/FileIO.h"

#include "common/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wf::rt {

namespace {

std::string reason() { return std::strerror(errno); }

// Closes the descriptor on every path out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0)
      ::close(fd);
  }
};

std::string tooLarge(const std::string &name, uint64_t limit,
                     const std::string &what) {
  return "'" + name + "' is larger than the " + formatBytes(limit) +
         " limit on " + what;
}

} // namespace

std::string formatBytes(uint64_t bytes) {
  const char *units[] = {"GiB", "MiB", "KiB"};
  int shifts[] = {30, 20, 10};
  for (int i = 0; i < 3; ++i)
    if (bytes >= (uint64_t(1) << shifts[i]) &&
        bytes % (uint64_t(1) << shifts[i]) == 0)
      return std::to_string(bytes >> shifts[i]) + " " + units[i];
  return std::to_string(bytes) + " bytes";
}

std::string readStream(int fd, const std::string &name, uint64_t limit,
                       const std::string &what) {
  std::string out;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw Error("cannot read '" + name + "': " + reason());
    }
    if (n == 0)
      return out;
    if (out.size() + static_cast<size_t>(n) > limit)
      throw Error(tooLarge(name, limit, what));
    out.append(buf, static_cast<size_t>(n));
  }
}

std::string readRegularFile(const std::string &path, uint64_t limit,
                            const std::string &what) {
  // O_NONBLOCK: opening a FIFO with no writer must not hang before the
  // check below refuses it.
  Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (f.fd < 0)
    throw Error("cannot open '" + path + "': " + reason());
  struct stat st;
  if (::fstat(f.fd, &st) != 0)
    throw Error("cannot read '" + path + "': " + reason());
  if (S_ISDIR(st.st_mode))
    throw Error("'" + path + "' is a directory, not a file");
  if (!S_ISREG(st.st_mode))
    throw Error("'" + path +
                "' is not a regular file (a device, pipe or socket)");
  if (static_cast<uint64_t>(st.st_size) > limit)
    throw Error(tooLarge(path, limit, what));
  int flags = ::fcntl(f.fd, F_GETFL);
  if (flags >= 0)
    ::fcntl(f.fd, F_SETFL, flags & ~O_NONBLOCK);
  return readStream(f.fd, path, limit, what);
}

void writeFile(const std::string &path, const std::string &bytes) {
  Fd f{::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)};
  if (f.fd < 0)
    throw Error("cannot write '" + path + "': " + reason());
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(f.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw Error("cannot write '" + path +
                  "': " + (n < 0 ? reason() : std::string("nothing written")));
    done += static_cast<size_t>(n);
  }
  int fd = f.fd;
  f.fd = -1;
  if (::close(fd) != 0)
    throw Error("cannot write '" + path + "': " + reason());
}

void checkOutputPath(const std::string &path, const std::string &what) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      throw Error(what + " '" + path + "': is a directory");
    if (::access(path.c_str(), W_OK) != 0)
      throw Error(what + " '" + path + "': cannot write it: " + reason());
    return;
  }
  size_t slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "."
                    : slash == 0               ? "/"
                                               : path.substr(0, slash);
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw Error(what + " '" + path + "': folder '" + dir + "' does not exist");
  if (::access(dir.c_str(), W_OK) != 0)
    throw Error(what + " '" + path + "': cannot write in folder '" + dir +
                "': " + reason());
}

bool sameFile(const std::string &a, const std::string &b) {
  struct stat sa, sb;
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 &&
         sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

} // namespace wf::rt
