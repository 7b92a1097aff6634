//===- PrivateFolder.h - Folders and files only this user can write -------===//
//
// The compile cache keeps host object code that the CPU backend links into
// the process: an entry another local user could write runs their code in
// ours. So the cache uses a folder (and subfolder, and entry file) only
// while it is this user's (the effective uid) and nobody else can write it:
// not writable by group or others. A symlink to such a folder is followed
// and judged by its target.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_BINDINGS_LOAD_PRIVATEFOLDER_H
#define WARPFORTH_BINDINGS_LOAD_PRIVATEFOLDER_H

#include <string>
#include <sys/stat.h>

namespace wf::cache {

/// Why a file or folder with status `st` may not be trusted ("owned by uid
/// 65534, not by this user (uid 1000)", "writable by group or others (mode
/// 0777)"), or "" when it may.
std::string untrustedReason(const struct stat &st);

/// Why the folder `path` may not be trusted (also "not a folder"), or ""
/// when it may. Nothing at `path` is no problem: "", with `exists` false.
std::string folderProblem(const std::string &path, bool &exists);

/// Creates `path` and its missing parents with mode 0700, then checks it
/// (folderProblem): "" when it is a folder this process may trust, else why
/// not (including why it could not be created).
std::string makePrivateFolder(const std::string &path);

} // namespace wf::cache

#endif
