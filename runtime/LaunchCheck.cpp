#include "runtime/LaunchCheck.h"

#include "common/Error.h"
#include "common/Half.h"
#include "common/SizeExpr.h"

#include <cctype>
#include <cmath>
#include <cstring>

namespace wf::rt {

std::string describeLaunch(const KernelSignature &sig,
                           const LaunchConfig &config) {
  return "kernel '" + sig.kernel + "' (grid " + config.grid.str() + " block " +
         config.block.str() + ")";
}

void checkConfig(const KernelSignature &sig, const LaunchConfig &config) {
  const Dim3 *dims[] = {&config.grid, &config.block};
  for (const Dim3 *d : dims)
    if (d->x == 0 || d->y == 0 || d->z == 0)
      throw Error(describeLaunch(sig, config) +
                  ": grid and block dimensions must be at least 1");
  // The GPU refuses a bigger block with a bare "invalid argument"; the CPU
  // would run it. Say why, on both.
  if (sig.maxThreads &&
      static_cast<int64_t>(config.block.count()) > sig.maxThreads)
    throw Error(describeLaunch(sig, config) + ": " +
                std::to_string(config.block.count()) +
                " threads per block, but the kernel's launch-bounds allow at "
                "most " +
                std::to_string(sig.maxThreads));
  // A kernel compiled with .reqntid fails any other block shape with a
  // bare "invalid argument" on the GPU; the CPU would run it. Refuse both.
  if (sig.block[0] && (config.block.x != static_cast<uint64_t>(sig.block[0]) ||
                       config.block.y != static_cast<uint64_t>(sig.block[1]) ||
                       config.block.z != static_cast<uint64_t>(sig.block[2]))) {
    std::string want = std::to_string(sig.block[0]) + "," +
                       std::to_string(sig.block[1]) + "," +
                       std::to_string(sig.block[2]);
    throw Error(describeLaunch(sig, config) +
                ": the kernel requires blocks "
                "of " +
                want + " ('\\! block " + std::to_string(sig.block[0]) + " " +
                std::to_string(sig.block[1]) + " " +
                std::to_string(sig.block[2]) + "'), not " + config.block.str());
  }
  // The GPU refuses a grid that is not a whole number of clusters with a
  // bare "invalid argument"; the CPU backend refuses it too.
  if (sig.cluster[0]) {
    const uint32_t grid[3] = {config.grid.x, config.grid.y, config.grid.z};
    const char *axis[] = {"x", "y", "z"};
    for (int k = 0; k < 3; ++k)
      if (grid[k] % static_cast<uint64_t>(sig.cluster[k]) != 0)
        throw Error(describeLaunch(sig, config) +
                    ": the grid is not a whole number of clusters: " +
                    std::to_string(grid[k]) + " blocks along " + axis[k] +
                    " is not a multiple of " + std::to_string(sig.cluster[k]) +
                    " (the kernel's '\\! cluster " +
                    std::to_string(sig.cluster[0]) + " " +
                    std::to_string(sig.cluster[1]) + " " +
                    std::to_string(sig.cluster[2]) + "')");
  }
  // Without bytes for it, a shared array sized at launch would overrun.
  if (sig.dynamicShared && config.dynamicSharedBytes == 0)
    throw Error(describeLaunch(sig, config) + ": shared '" +
                sig.dynamicShared->name +
                "' is sized at launch, but the launch gives it no bytes "
                "(dynamic shared memory; warpforth-run --shared-bytes N)");
}

std::vector<uint64_t> argBytes(const std::vector<Arg> &args) {
  std::vector<uint64_t> bytes(args.size());
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].kind == Arg::Kind::Buffer)
      bytes[i] = args[i].buffer.bytes;
  return bytes;
}

DeviceLimits archLimits(const std::string &arch) {
  DeviceLimits l;
  unsigned sm = 0;
  size_t i = arch.rfind("sm_", 0) == 0 ? 3 : arch.size();
  for (; i < arch.size() && std::isdigit(static_cast<unsigned char>(arch[i]));
       ++i)
    sm = sm * 10 + static_cast<unsigned>(arch[i] - '0');
  if (sm == 0)
    return l; // sm_80's
  l.name = arch;
  // The CUDA programming guide's table of compute capabilities: the most
  // shared memory a block may opt in to.
  if (sm < 70)
    l.maxSharedBytes = 48 * 1024;
  else if (sm < 75)
    l.maxSharedBytes = 96 * 1024;
  else if (sm < 80)
    l.maxSharedBytes = 64 * 1024;
  else if (sm == 80 || sm == 87)
    l.maxSharedBytes = 163 * 1024;
  else if (sm < 90)
    l.maxSharedBytes = 99 * 1024;
  else
    l.maxSharedBytes = 227 * 1024;
  return l;
}

void checkLimits(const KernelSignature &sig, const LaunchConfig &config,
                 const DeviceLimits &limits) {
  auto fail = [&](const std::string &why) {
    throw Error(describeLaunch(sig, config) + ": " + why + " (" + limits.name +
                ")");
  };
  const char axes[] = {'x', 'y', 'z'};
  const uint32_t grid[] = {config.grid.x, config.grid.y, config.grid.z};
  const uint32_t block[] = {config.block.x, config.block.y, config.block.z};
  for (int i = 0; i < 3; ++i)
    if (grid[i] > limits.maxGrid[i])
      fail(std::string("grid ") + axes[i] + " of " + std::to_string(grid[i]) +
           " is more than the " + std::to_string(limits.maxGrid[i]) +
           " a GPU allows");
  if (config.block.count() > limits.maxBlockThreads)
    fail("a block of " + std::to_string(config.block.count()) +
         " threads is more than the " + std::to_string(limits.maxBlockThreads) +
         " a GPU allows");
  for (int i = 0; i < 3; ++i)
    if (block[i] > limits.maxBlock[i])
      fail(std::string("block ") + axes[i] + " of " + std::to_string(block[i]) +
           " is more than the " + std::to_string(limits.maxBlock[i]) +
           " a GPU allows");
  uint64_t shared =
      static_cast<uint64_t>(sig.sharedBytes) + config.dynamicSharedBytes;
  if (shared < config.dynamicSharedBytes || shared > limits.maxSharedBytes)
    fail(std::to_string(sig.sharedBytes) + " bytes of static and " +
         std::to_string(config.dynamicSharedBytes) +
         " of dynamic shared memory per block are more than the " +
         std::to_string(limits.maxSharedBytes) + " a GPU allows");
}

void checkParamSpace(const KernelSignature &sig) {
  uint64_t bytes = 0;
  for (const ParamDecl &p : sig.params) {
    // A tensor map is a 128-byte CUtensorMap, 64-byte aligned.
    uint64_t size = p.tmap ? 128 : p.isArray ? 8 : elemSize(p.type);
    uint64_t align = p.tmap ? 64 : size;
    bytes = (bytes + align - 1) / align * align + size;
  }
  if (bytes > kMaxParamBytes)
    throw Error("kernel '" + sig.kernel + "': its " +
                std::to_string(sig.params.size()) + " params take " +
                std::to_string(bytes) + " bytes, more than the " +
                std::to_string(kMaxParamBytes) +
                " bytes of kernel params a GPU allows");
}

LaunchConfig withLargeShared(const KernelSignature &sig, LaunchConfig config) {
  config.dynamicSharedBytes += static_cast<size_t>(sig.largeSharedBytes);
  return config;
}

namespace {
/// Each integer scalar param's argument, by param index (nullopt for the
/// others and for a float given to one): the names of size expressions.
std::vector<std::optional<int64_t>> scalarValues(const KernelSignature &sig,
                                                 const std::vector<Arg> &args) {
  std::vector<std::optional<int64_t>> values(sig.params.size());
  for (size_t j = 0; j < values.size() && j < args.size(); ++j) {
    const ParamDecl &q = sig.params[j];
    if (!q.isArray && !isFloat(q.type) && args[j].kind == Arg::Kind::Int)
      values[j] = args[j].i;
  }
  return values;
}

std::optional<int64_t>
countOf(const KernelSignature &sig, const SignatureSizes &sizes, size_t index,
        const std::vector<std::optional<int64_t>> &values) {
  const std::optional<SizeProgram> &count = sizes.counts.at(index);
  if (!count)
    return std::nullopt;
  try {
    return count->eval(values.data(), values.size());
  } catch (const Error &e) {
    throw Error("kernel '" + sig.kernel + "': param '" +
                sig.params[index].name + "': " + e.what());
  }
}
} // namespace

std::optional<int64_t> declaredCount(const KernelSignature &sig, size_t index,
                                     const std::vector<Arg> &args) {
  if (!sig.params.at(index).isArray)
    return std::nullopt;
  return countOf(sig, *sig.sizePrograms(), index, scalarValues(sig, args));
}

namespace {

std::string paramPrefix(const KernelSignature &sig, const ParamDecl &p) {
  return "kernel '" + sig.kernel + "': param '" + p.name + "': ";
}

std::string paramList(const KernelSignature &sig) {
  std::string s;
  for (const ParamDecl &p : sig.params)
    s += (s.empty() ? "" : ", ") + p.name;
  return s;
}

template <typename T> uint64_t bitsOf(T v) {
  uint64_t slot = 0;
  std::memcpy(&slot, &v, sizeof v);
  return slot;
}

uint64_t scalarSlot(const KernelSignature &sig, const ParamDecl &p,
                    const Arg &a) {
  if (isFloat(p.type)) {
    double v = a.kind == Arg::Kind::Int ? static_cast<double>(a.i) : a.f;
    switch (p.type) {
    case ElemType::F16:
      return floatToHalf(static_cast<float>(v));
    case ElemType::BF16:
      return floatToBFloat16(static_cast<float>(v));
    case ElemType::F32:
      return bitsOf(static_cast<float>(v));
    default:
      return bitsOf(v);
    }
  }
  if (a.kind == Arg::Kind::Float)
    throw Error(paramPrefix(sig, p) + "is " + elemTypeName(p.type) +
                "; got the float " + std::to_string(a.f));
  // Accept the signed and the unsigned range of the width (a bit pattern
  // such as 0xFFFFFFFF for an i32 is a fair thing to pass).
  int bits = static_cast<int>(elemSize(p.type)) * 8;
  if (bits < 64) {
    int64_t lo = -(int64_t(1) << (bits - 1));
    int64_t hi = (int64_t(1) << bits) - 1;
    if (a.i < lo || a.i > hi)
      throw Error(paramPrefix(sig, p) + "value " + std::to_string(a.i) +
                  " does not fit in " + elemTypeName(p.type));
    return static_cast<uint64_t>(a.i) & ((uint64_t(1) << bits) - 1);
  }
  return static_cast<uint64_t>(a.i);
}

} // namespace

std::vector<uint64_t> marshalArgs(const KernelSignature &sig,
                                  const std::vector<Arg> &args) {
  if (args.size() != sig.params.size())
    throw Error("kernel '" + sig.kernel + "' takes " +
                std::to_string(sig.params.size()) + " params (" +
                paramList(sig) + "); got " + std::to_string(args.size()) +
                " arguments");
  std::vector<uint64_t> slots(args.size());
  std::shared_ptr<const SignatureSizes> sizes = sig.sizePrograms();
  std::vector<std::optional<int64_t>> values = scalarValues(sig, args);
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamDecl &p = sig.params[i];
    const Arg &a = args[i];
    // Messages are built on failure only: this runs on every launch.
    auto prefix = [&] { return paramPrefix(sig, p); };
    if (a.type && *a.type != p.type)
      throw Error(prefix() + "argument is " + elemTypeName(*a.type) +
                  ", signature says " + elemTypeName(p.type));
    if (!p.isArray) {
      if (a.kind == Arg::Kind::Buffer)
        throw Error(prefix() + "is a scalar " + elemTypeName(p.type) +
                    "; got a buffer");
      slots[i] = scalarSlot(sig, p, a);
      continue;
    }
    if (a.kind != Arg::Kind::Buffer)
      throw Error(prefix() + "is an array of " + elemTypeName(p.type) +
                  "; got a scalar");
    if (std::optional<int64_t> need = countOf(sig, *sizes, i, values)) {
      if (*need < 0)
        throw Error(prefix() + "size " + p.size + " = " +
                    std::to_string(*need) + " is negative");
      size_t have = a.buffer.bytes / elemSize(p.type);
      if (have < static_cast<uint64_t>(*need)) {
        std::string needText = std::to_string(*need);
        if (p.size != needText)
          needText = p.size + " = " + needText;
        throw Error(prefix() + "buffer holds " + std::to_string(have) + " " +
                    elemTypeName(p.type) + " values, signature needs " +
                    needText);
      }
    }
    slots[i] = a.buffer.addr;
  }
  return slots;
}

} // namespace wf::rt
