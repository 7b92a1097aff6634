//===- FileIO.h - Reading and writing whole files, checked ----------------===//
//
// Every file the tools and the Python package read or write goes through
// these, so that a directory, a device such as /dev/zero, a file past a size
// limit, a full disk (/dev/full) or an output that is also an input is an
// Error naming the file, never a hang, a silent truncation or exit code 0.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMMON_FILEIO_H
#define WARPFORTH_COMMON_FILEIO_H

#include <cstdint>
#include <string>

namespace wf::rt {

/// Reads a whole regular file of at most `limit` bytes. Throws Error naming
/// `path`: it cannot be opened (with the system's reason), is a directory,
/// is not a regular file (a device, pipe or socket), or is larger than the
/// limit ("larger than the 16 MiB limit on kernel sources"); `what` names
/// the kind of file ("kernel sources").
std::string readRegularFile(const std::string &path, uint64_t limit,
                            const std::string &what);

/// Reads all of `fd` (standard input), failing past `limit` bytes.
std::string readStream(int fd, const std::string &name, uint64_t limit,
                       const std::string &what);

/// "16 MiB", "1 GiB", or a byte count.
std::string formatBytes(uint64_t bytes);

/// Writes `bytes` to `path`, checking every write and the close: a full disk
/// is an Error ("cannot write 'X': No space left on device").
void writeFile(const std::string &path, const std::string &bytes);

/// Throws Error unless `path` looks writable, before any work is done: not
/// a directory, its folder exists and may be written, an existing file may
/// be written. `what` prefixes the message ("--save").
void checkOutputPath(const std::string &path, const std::string &what);

/// Whether `a` and `b` name the same existing file (also through links).
bool sameFile(const std::string &a, const std::string &b);

} // namespace wf::rt

#endif
