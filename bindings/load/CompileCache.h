//===- CompileCache.h - Compiled kernels on disk, across processes --------===//
//
// compileAndLoad (LoadKernel.h: the C API, warpforth-run, the demos) keeps
// what it compiles in a folder, so that a new process pays no compile: PTX
// for the GPU (the CUDA driver keeps its own cache of the machine code),
// the JIT's object file for the CPU backend.
//
//   - Where: $WARPFORTH_CACHE_DIR, else $XDG_CACHE_HOME/warpforth, else
//     ~/.cache/warpforth. WARPFORTH_CACHE=0 (or off, false, no) turns it
//     off; WARPFORTH_CACHE_LOG=1 prints a line per lookup to stderr.
//   - Key: a hash of everything besides INCLUDEd files that changes the
//     output (the source text and its path, defines, float mode, arch, opt
//     level, line info, bounds checks, the target: arch and libdevice, or
//     the host CPU and its features, and this compiler build: version and
//     the binary's GNU build id), and where INCLUDE looks: the kernel's
//     absolute folder and the include dirs, as given and absolute. Each
//     entry lists the files INCLUDE read at every depth, by absolute and
//     real path with a hash of their contents, and the paths it looked at
//     in vain: a lookup rereads them, and an entry whose includes changed
//     (or where a file now appears earlier on the search path) is a miss.
//   - Trust: entries hold code the process runs (the CPU backend links the
//     host object in), and their checksum only detects damage. The folder,
//     an entry's subfolder and the entry file must be this user's and not
//     writable by group or others (PrivateFolder.h); otherwise the cache
//     is off for the process, with one warning on stderr naming the folder
//     and why. What it makes is private: folders 0700, entries 0600.
//   - Entries are written to a temporary file in the same folder and
//     renamed into place: readers in other processes see a whole entry or
//     none. Each ends in a checksum of all of it; a truncated or corrupt
//     entry is counted, never loaded, and rebuilt.
//   - Failing to read or write the cache never fails a compile.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_BINDINGS_LOAD_COMPILECACHE_H
#define WARPFORTH_BINDINGS_LOAD_COMPILECACHE_H

#include "compiler/driver/Compiler.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wf::cache {

/// This process's lookups, all threads together.
struct Stats {
  uint64_t hits = 0;
  uint64_t misses = 0;  // no entry, or one whose includes changed
  uint64_t stores = 0;  // entries written
  uint64_t corrupt = 0; // entries refused (truncated, bad checksum, ...)
};
Stats stats();

/// The cache folder, or "" when the cache is off (WARPFORTH_CACHE=0, or no
/// folder can be named).
std::string directory();

/// "warpforth VERSION build BUILD-ID": what identifies this compiler.
const std::string &compilerId();

/// An entry's contents: named sections ("ptx", "signature", "object").
using Sections = std::map<std::string, std::string>;

/// The key of compiling `source` (named `path`) with `options` for
/// `target` ("ptx" or "host" and what identifies the target).
std::string key(const std::string &target, const std::string &path,
                const std::string &source, const CompileOptions &options);

/// The target part of a key: the GPU's (libdevice's identity; the arch is
/// in the options) and the host JIT's (triple, CPU, features).
std::string gpuTarget();
std::string hostTarget();

/// The entry for `key` if there is a valid one whose dependencies are
/// unchanged; nullopt otherwise (counted as a miss or as corrupt).
std::optional<Sections> load(const std::string &key);

/// Writes the entry for `key` (temporary file, then rename).
void store(const std::string &key,
           const std::vector<SourceDependency> &dependencies,
           const Sections &sections);

/// The file an entry for `key` lives in (under directory()).
std::string entryPath(const std::string &key);

} // namespace wf::cache

#endif
