//===- CompileCache.cpp ---------------------------------------------------===//
//
// An entry file:
//
//   "WFCACHE1"  u64 body length  body  16-byte xxh3-128 of all before it
//
// body: records [u8 tag][u64 length][bytes]: 'K' the key; 'D' a dependency
// ([u8 exists][16-byte content hash][absolute path][NUL][the path with its
// links resolved, when it exists]); 'S' a section ([u64 name
// length][name][data]). Integers are little-endian.
//
//===----------------------------------------------------------------------===//
#include "bindings/load/CompileCache.h"
#include "bindings/load/PrivateFolder.h"

#include "compiler/codegen/Backend.h"
#include "common/FileIO.h"

#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <filesystem>
#include <link.h>
#include <mutex>
#include <pwd.h>
#include <random>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#ifndef WARPFORTH_VERSION
#define WARPFORTH_VERSION "unknown"
#endif

namespace wf::cache {

namespace {

std::atomic<uint64_t> hitCount{0}, missCount{0}, storeCount{0},
    corruptCount{0};

constexpr char kMagic[8] = {'W', 'F', 'C', 'A', 'C', 'H', 'E', '1'};
constexpr uint64_t kMaxEntryBytes = 1ull << 30;
constexpr uint64_t kMaxIncludeBytes = 16 << 20;

bool envOff(const char *name) {
  const char *v = std::getenv(name);
  if (!v)
    return false;
  std::string s(v);
  for (char &c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s == "0" || s == "off" || s == "false" || s == "no";
}

bool logging() {
  const char *v = std::getenv("WARPFORTH_CACHE_LOG");
  return v && *v && std::string(v) != "0";
}

void log(const std::string &what, const std::string &key,
         const std::string &detail = "") {
  if (logging())
    std::fprintf(stderr, "warpforth cache: %s %s%s%s\n", what.c_str(),
                 key.c_str(), detail.empty() ? "" : " ", detail.c_str());
}

/// Cache folders refused in this process (see PrivateFolder.h): each is
/// named once on stderr, then the cache is off while it is the folder.
std::mutex refusedMutex;
std::set<std::string> refusedFolders;

bool isRefused(const std::string &root) {
  std::lock_guard<std::mutex> lock(refusedMutex);
  return refusedFolders.count(root) != 0;
}

/// Turns the cache off for this process while `root` is its folder, and
/// says so once: `what` (the folder itself, a subfolder or an entry) is
/// not to be trusted for `why`.
void refuse(const std::string &root, const std::string &what,
            const std::string &why) {
  std::lock_guard<std::mutex> lock(refusedMutex);
  if (!refusedFolders.insert(root).second)
    return;
  std::fprintf(stderr,
               "warpforth: warning: not using the compile cache folder "
               "'%s': '%s' is %s%s; "
               "kernels are compiled without the cache in this process\n",
               root.c_str(), what.c_str(), why.c_str(),
               // Why that matters, when it is about who may write it.
               why.rfind("owned", 0) == 0 || why.rfind("writable", 0) == 0
                   ? " (another user could plant code in it)"
                   : "");
}

std::string hex(const llvm::XXH128_hash_t &h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx",
                static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return buf;
}

llvm::XXH128_hash_t hash(const std::string &data) {
  return llvm::xxh3_128bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(data.data()), data.size()));
}

std::string hashBytes(const std::string &data) {
  llvm::XXH128_hash_t h = hash(data);
  std::string out(16, '\0');
  std::memcpy(&out[0], &h.low64, 8);
  std::memcpy(&out[8], &h.high64, 8);
  return out;
}

void putU64(std::string &out, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

bool getU64(const std::string &in, size_t &pos, uint64_t &v) {
  if (pos > in.size() || in.size() - pos < 8)
    return false;
  v = 0;
  for (int i = 0; i < 8; ++i)
    v |= static_cast<uint64_t>(static_cast<unsigned char>(in[pos + i]))
         << (8 * i);
  pos += 8;
  return true;
}

void putRecord(std::string &out, char tag, const std::string &data) {
  out.push_back(tag);
  putU64(out, data.size());
  out += data;
}

/// A field of the key material, length-prefixed so fields cannot run into
/// each other.
void field(std::string &out, const char *name, const std::string &value) {
  out += name;
  out += '=';
  out += std::to_string(value.size());
  out += ':';
  out += value;
  out += '\n';
}

/// The GNU build id of the ELF object (library or executable) this code is
/// linked into: a hash of its contents, computed by the linker.
struct BuildIdSearch {
  uintptr_t base = 0;
  std::string id;
};

int findBuildId(struct dl_phdr_info *info, size_t, void *data) {
  auto *search = static_cast<BuildIdSearch *>(data);
  if (info->dlpi_addr != search->base)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE)
      continue;
    const char *p = reinterpret_cast<const char *>(info->dlpi_addr + ph.p_vaddr);
    const char *end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const auto *note = reinterpret_cast<const ElfW(Nhdr) *>(p);
      const char *name = p + sizeof(ElfW(Nhdr));
      const char *desc = name + ((note->n_namesz + 3) & ~3u);
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0 && desc + note->n_descsz <= end) {
        static const char digits[] = "0123456789abcdef";
        for (size_t k = 0; k < note->n_descsz; ++k) {
          unsigned char c = static_cast<unsigned char>(desc[k]);
          search->id.push_back(digits[c >> 4]);
          search->id.push_back(digits[c & 15]);
        }
        return 1;
      }
      p = desc + ((note->n_descsz + 3) & ~3u);
    }
  }
  return 1;
}

std::string buildId() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&findBuildId), &info) ||
      !info.dli_fbase)
    return "";
  BuildIdSearch search;
  // dlpi_addr is the load bias: 0 for a non-PIE executable, whose
  // dli_fbase is its first mapped address instead.
  search.base = reinterpret_cast<uintptr_t>(info.dli_fbase);
  dl_iterate_phdr(findBuildId, &search);
  if (search.id.empty()) {
    search.base = 0;
    dl_iterate_phdr(findBuildId, &search);
  }
  return search.id;
}

std::string fileIdentity(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return path + " missing";
  return path + " " + std::to_string(st.st_size) + " " +
         std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

/// Reads a whole file, or nullopt (missing, unreadable, not a file, too
/// large).
std::optional<std::string> readFile(const std::string &path, uint64_t limit) {
  try {
    return rt::readRegularFile(path, limit, "cache entries");
  } catch (const std::exception &) {
    return std::nullopt;
  }
}

/// Reads an entry file, or nullopt (missing, unreadable, not a file, too
/// large). One that another user owns or could write sets `untrusted` to
/// why, and is not read.
std::optional<std::string> readEntry(const std::string &path, uint64_t limit,
                                     std::string &untrusted) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
  if (fd < 0) {
    if (errno == ELOOP)
      untrusted = "a symbolic link";
    return std::nullopt;
  }
  struct stat st;
  std::optional<std::string> out;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<uint64_t>(st.st_size) <= limit) {
    untrusted = untrustedReason(st);
    if (untrusted.empty()) {
      try {
        out = rt::readStream(fd, path, limit, "cache entries");
      } catch (const std::exception &) {
      }
    }
  }
  ::close(fd);
  return out;
}

/// `path` made absolute (against the working folder), links kept.
std::string absolutePath(const std::string &path) {
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(path, ec);
  return ec ? path : abs.lexically_normal().string();
}

/// `path` with its links resolved ("" when it does not exist).
std::string resolvedPath(const std::string &path) {
  std::error_code ec;
  std::filesystem::path real = std::filesystem::canonical(path, ec);
  return ec ? "" : real.string();
}

struct Parsed {
  std::string key;
  struct Dep {
    bool exists;
    std::string hash;
    std::string path;
    std::string resolved;
  };
  std::vector<Dep> deps;
  Sections sections;
};

/// Parses an entry file; false when it is not a whole, valid one.
bool parse(const std::string &file, Parsed &out) {
  if (file.size() < 8 + 8 + 16 || std::memcmp(file.data(), kMagic, 8) != 0)
    return false;
  size_t pos = 8;
  uint64_t bodyLength;
  if (!getU64(file, pos, bodyLength) || bodyLength != file.size() - 32)
    return false;
  std::string sum = hashBytes(file.substr(0, file.size() - 16));
  if (file.compare(file.size() - 16, 16, sum) != 0)
    return false;
  size_t end = file.size() - 16;
  while (pos < end) {
    char tag = file[pos++];
    uint64_t length;
    if (!getU64(file, pos, length) || length > end - pos)
      return false;
    std::string data = file.substr(pos, length);
    pos += length;
    if (tag == 'K') {
      out.key = data;
    } else if (tag == 'D') {
      if (data.size() < 17)
        return false;
      size_t nul = data.find('\0', 17);
      if (nul == std::string::npos)
        return false;
      out.deps.push_back({data[0] != 0, data.substr(1, 16),
                          data.substr(17, nul - 17), data.substr(nul + 1)});
    } else if (tag == 'S') {
      size_t p = 0;
      uint64_t nameLength;
      if (!getU64(data, p, nameLength) || nameLength > data.size() - p)
        return false;
      out.sections[data.substr(p, nameLength)] = data.substr(p + nameLength);
    } else {
      return false;
    }
  }
  return true;
}

std::string defaultDirectory() {
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
    return std::string(xdg) + "/warpforth";
  const char *home = std::getenv("HOME");
  if (!home || !*home) {
    if (struct passwd *pw = getpwuid(getuid()))
      home = pw->pw_dir;
  }
  if (!home || !*home)
    return "";
  return std::string(home) + "/.cache/warpforth";
}

} // namespace

Stats stats() {
  Stats s;
  s.hits = hitCount.load();
  s.misses = missCount.load();
  s.stores = storeCount.load();
  s.corrupt = corruptCount.load();
  return s;
}

std::string directory() {
  if (envOff("WARPFORTH_CACHE"))
    return "";
  std::string dir;
  if (const char *env = std::getenv("WARPFORTH_CACHE_DIR"); env && *env)
    dir = env;
  else
    dir = defaultDirectory();
  if (dir.empty() || isRefused(dir))
    return "";
  // A folder not made yet is made private when an entry is first stored.
  bool exists;
  std::string problem = folderProblem(dir, exists);
  if (!problem.empty()) {
    refuse(dir, dir, problem);
    return "";
  }
  return dir;
}

const std::string &compilerId() {
  static const std::string id = [] {
    std::string build = buildId();
    if (build.empty())
      // No build id (a linker without --build-id): the build time of this
      // file is the best there is.
      build = std::string("time ") + __DATE__ + " " + __TIME__;
    return std::string("warpforth ") + WARPFORTH_VERSION + " build " + build;
  }();
  return id;
}

std::string gpuTarget() {
  return "ptx libdevice " + fileIdentity(codegen::libdevicePath());
}

std::string hostTarget() { return "host " + hostTargetId(); }

std::string key(const std::string &target, const std::string &path,
                const std::string &source, const CompileOptions &options) {
  std::string m;
  field(m, "format", "2");
  field(m, "compiler", compilerId());
  field(m, "target", target);
  field(m, "arch", options.arch);
  field(m, "opt", std::to_string(options.optLevel));
  for (const auto &[name, value] : options.defines)
    field(m, "define", name + "=" + value);
  // INCLUDE looks in the kernel's folder, then in the -I folders: the key
  // holds where those are, so that an entry's dependencies (absolute paths)
  // are the files this compile would read. (A kernel named relative to the
  // working folder in two checkouts has the same path, not the same
  // includes.)
  for (const std::string &dir : options.includeDirs)
    field(m, "include-dir", dir + "\n" + absolutePath(dir));
  field(m, "folder",
        std::filesystem::path(absolutePath(path)).parent_path().string());
  field(m, "float",
        !options.floatMode ? "default"
                           : (*options.floatMode == FloatMode::F32 ? "f32"
                                                                   : "f64"));
  field(m, "line-info", options.lineInfo ? "1" : "0");
  field(m, "no-prelude", options.noPrelude ? "1" : "0");
  field(m, "check-bounds", options.checkBounds ? "1" : "0");
  field(m, "werror", options.warningsAsErrors ? "1" : "0");
  field(m, "sanitize", options.sanitize ? "1" : "0");
  field(m, "path", path);
  field(m, "source", source);
  return hex(hash(m));
}

std::string entryPath(const std::string &key) {
  std::string dir = directory();
  if (dir.empty())
    return "";
  return dir + "/" + key.substr(0, 2) + "/" + key + ".wfc";
}

std::optional<Sections> load(const std::string &key) {
  std::string root = directory();
  if (root.empty())
    return std::nullopt;
  std::string path = entryPath(key);
  std::string sub = std::filesystem::path(path).parent_path().string();
  bool exists;
  std::string untrusted = folderProblem(sub, exists);
  if (!untrusted.empty()) {
    refuse(root, sub, untrusted);
    return std::nullopt;
  }
  std::optional<std::string> file = readEntry(path, kMaxEntryBytes, untrusted);
  if (!untrusted.empty()) {
    refuse(root, path, untrusted);
    return std::nullopt;
  }
  if (!file) {
    ++missCount;
    log("miss", key);
    return std::nullopt;
  }
  Parsed entry;
  if (!parse(*file, entry) || entry.key != key) {
    ++corruptCount;
    log("corrupt", key, path);
    return std::nullopt;
  }
  for (const Parsed::Dep &dep : entry.deps) {
    bool holds;
    if (!dep.exists) {
      std::error_code ec;
      holds = !std::filesystem::exists(dep.path, ec);
    } else {
      // The same contents, and the same file once links are resolved
      // (INCLUDEs inside it are looked up from its real folder).
      std::optional<std::string> now = readFile(dep.path, kMaxIncludeBytes);
      holds = now && hashBytes(*now) == dep.hash &&
              resolvedPath(dep.path) == dep.resolved;
    }
    if (!holds) {
      ++missCount;
      log("miss", key, "(" + dep.path + " changed)");
      return std::nullopt;
    }
  }
  ++hitCount;
  log("hit", key);
  return std::move(entry.sections);
}

void store(const std::string &key,
           const std::vector<SourceDependency> &dependencies,
           const Sections &sections) {
  std::string root = directory();
  if (root.empty())
    return;
  std::string path = entryPath(key);
  std::string sub = std::filesystem::path(path).parent_path().string();
  if (std::string problem = makePrivateFolder(sub); !problem.empty()) {
    bool exists;
    if (folderProblem(sub, exists).empty() && !exists) {
      // Not made (a read-only place, a file in the way): no entry.
      log("cannot write", key, sub + ": " + problem);
      return;
    }
    refuse(root, sub, problem);
    return;
  }
  std::string body;
  putRecord(body, 'K', key);
  for (const SourceDependency &dep : dependencies) {
    std::string data(1, dep.exists ? '\1' : '\0');
    data += dep.exists ? hashBytes(dep.contents) : std::string(16, '\0');
    // Relative paths (the first INCLUDEs of a kernel named relative to the
    // working folder) are made absolute: a lookup from another folder
    // checks the files this compile read.
    data += absolutePath(dep.path);
    data += '\0';
    data += dep.exists ? resolvedPath(dep.path) : std::string();
    putRecord(body, 'D', data);
  }
  for (const auto &[name, value] : sections) {
    std::string data;
    putU64(data, name.size());
    data += name;
    data += value;
    putRecord(body, 'S', data);
  }
  std::string file(kMagic, 8);
  putU64(file, body.size());
  file += body;
  file += hashBytes(file);

  // A name no other process or thread uses: pid, a counter, a random word.
  static std::atomic<uint64_t> counter{0};
  static const uint64_t salt = std::random_device{}();
  std::string tmp = path + ".tmp." + std::to_string(getpid()) + "." +
                    std::to_string(counter++) + "." + std::to_string(salt);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    log("cannot write", key, tmp + ": " + std::strerror(errno));
    return;
  }
  const char *p = file.data();
  size_t left = file.size();
  bool ok = true;
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (::close(fd) != 0)
    ok = false;
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    log("cannot write", key, path + ": " + std::strerror(errno));
    ::unlink(tmp.c_str());
    return;
  }
  ++storeCount;
  log("store", key);
}

} // namespace wf::cache
