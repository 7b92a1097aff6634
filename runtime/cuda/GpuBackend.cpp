#include "runtime/cuda/GpuBackend.h"

#include "common/CheckABI.h"
#include "common/Error.h"
#include "runtime/CheckReport.h"
#include "runtime/LaunchCheck.h"
#include "runtime/TensorMaps.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/TensorMapCache.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

namespace wf::rt::cuda {

namespace {

// Above this much dynamic shared memory a kernel has to opt in.
constexpr size_t kDefaultDynamicSharedLimit = 48 * 1024;
constexpr size_t kJitLogBytes = 16 * 1024;

class GpuDevice;

class GpuKernel : public KernelBackend {
public:
  GpuKernel(std::shared_ptr<GpuDevice> device, CUmodule module, CUfunction fn,
            std::shared_ptr<const KernelSignature> sig)
      : device_(std::move(device)), module_(module), fn_(fn),
        sig_(std::move(sig)) {}
  ~GpuKernel() override;

  void launch(const LaunchConfig &config, const std::vector<uint64_t> &slots,
              const std::vector<uint64_t> &bytes) override;
  void wait(const LaunchConfig &config) override;
  double timedLaunch(const LaunchConfig &config,
                     const std::vector<uint64_t> &slots,
                     const std::vector<uint64_t> &bytes) override;

private:
  std::string where(const LaunchConfig &config) const {
    return describeLaunch(*sig_, config);
  }
  /// A checked kernel: fills the check record and returns its address.
  CUdeviceptr prepareCheck(const LaunchConfig &config,
                           const std::vector<uint64_t> &bytes);
  /// After the kernel has finished: throws the first failed check, if any.
  void finishCheck(const LaunchConfig &config);

  /// The CUtensorMap of each '\! tmap' param of this launch, encoded into
  /// `maps` (cuLaunchKernel copies them: they only live for the call).
  void encodeTensorMaps(const LaunchConfig &config,
                        const std::vector<uint64_t> &slots,
                        std::vector<CUtensorMap> &maps,
                        std::vector<void *> &params);

  CUdeviceptr check_ = 0; // the check record (one per kernel)
  bool checkPending_ = false;
  LaunchConfig pendingConfig_; // the launch whose record is pending

  std::shared_ptr<GpuDevice> device_;
  CUmodule module_;
  CUfunction fn_;
  std::shared_ptr<const KernelSignature> sig_;
  size_t dynamicSharedOptIn_ = kDefaultDynamicSharedLimit;
  TensorMapCache tensorMaps_; // the maps encoded for earlier launches
  bool hasTensorMaps_ = hasTensorMaps(*sig_);
};

class GpuDevice : public DeviceBackend,
                  public std::enable_shared_from_this<GpuDevice> {
public:
  explicit GpuDevice(int ordinal) : d_(driver()) {
    int count = 0;
    check(d_.cuDeviceGetCount(&count), "cannot count CUDA devices");
    if (count == 0)
      throw Error("no CUDA device");
    if (ordinal < 0 || ordinal >= count)
      throw Error("no CUDA device " + std::to_string(ordinal) + " (" +
                  std::to_string(count) + " present)");
    check(d_.cuDeviceGet(&device_, ordinal), "cannot open CUDA device");
    check(d_.cuDevicePrimaryCtxRetain(&ctx_, device_),
          "cannot retain the CUDA primary context");
    makeCurrent();
    d_.cuDeviceGetAttribute(
        &ccMajor_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_);
  }

  ~GpuDevice() override { d_.cuDevicePrimaryCtxRelease(device_); }

  // Every entry point makes the context current, since callers may move
  // between threads and others (PyTorch) may switch contexts.
  void makeCurrent() const {
    check(d_.cuCtxSetCurrent(ctx_), "cannot make the CUDA context current");
  }

  const Driver &d() const { return d_; }
  CUcontext context() const { return ctx_; }
  /// Whether the device runs programmatic dependent launch (sm_90 and
  /// newer) and the driver has the call that asks for it.
  bool canPdl() const { return ccMajor_ >= 9 && d_.cuLaunchKernelEx; }

  DeviceKind kind() const override { return DeviceKind::GPU; }

  std::string name() const override {
    char buf[256] = {0};
    d_.cuDeviceGetName(buf, sizeof buf - 1, device_);
    int major = 0, minor = 0;
    d_.cuDeviceGetAttribute(
        &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_);
    d_.cuDeviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device_);
    return std::string(buf) + " (sm_" + std::to_string(major) +
           std::to_string(minor) + ")";
  }

  DeviceLimits limits(const KernelSignature &) const override {
    DeviceLimits l;
    auto get = [&](CUdevice_attribute a, uint64_t fallback) -> uint64_t {
      int v = 0;
      return d_.cuDeviceGetAttribute(&v, a, device_) == CUDA_SUCCESS && v > 0
                 ? static_cast<uint64_t>(v)
                 : fallback;
    };
    int major =
        static_cast<int>(get(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8));
    int minor =
        static_cast<int>(get(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0));
    l.name = "sm_" + std::to_string(major) + std::to_string(minor);
    const CUdevice_attribute grid[] = {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
                                       CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
                                       CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z};
    const CUdevice_attribute block[] = {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
                                        CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
                                        CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z};
    for (int i = 0; i < 3; ++i) {
      l.maxGrid[i] = static_cast<uint32_t>(get(grid[i], l.maxGrid[i]));
      l.maxBlock[i] = static_cast<uint32_t>(get(block[i], l.maxBlock[i]));
    }
    l.maxBlockThreads =
        get(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, l.maxBlockThreads);
    l.maxSharedBytes =
        get(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
            l.maxSharedBytes);
    return l;
  }

  Buffer alloc(size_t bytes) override {
    makeCurrent();
    CUdeviceptr p = 0;
    if (bytes) {
      check(d_.cuMemAlloc(&p, bytes),
            "cannot allocate " + std::to_string(bytes) + " bytes on the GPU");
      check(d_.cuMemsetD8(p, 0, bytes), "cannot clear GPU memory");
    }
    return Buffer{p, bytes};
  }

  void free(Buffer buffer) override {
    if (!buffer.addr)
      return;
    makeCurrent();
    check(d_.cuMemFree(buffer.addr), "cannot free GPU memory");
  }

  void upload(uint64_t dst, const void *src, size_t bytes) override {
    makeCurrent();
    check(d_.cuMemcpyHtoD(dst, src, bytes), "copy to the GPU failed");
  }

  void download(void *dst, uint64_t src, size_t bytes) override {
    makeCurrent();
    check(d_.cuMemcpyDtoH(dst, src, bytes), "copy from the GPU failed");
  }

  void synchronize() override {
    makeCurrent();
    check(d_.cuCtxSynchronize(), "GPU synchronize failed");
  }

  std::unique_ptr<KernelBackend>
  loadPTX(const std::string &ptx, std::shared_ptr<const KernelSignature> sig,
          std::string &log) override {
    makeCurrent();
    std::vector<char> info(kJitLogBytes, 0), error(kJitLogBytes, 0);
    CUjit_option options[] = {
        CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
        CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {
        info.data(), reinterpret_cast<void *>(uintptr_t(info.size() - 1)),
        error.data(), reinterpret_cast<void *>(uintptr_t(error.size() - 1))};
    CUmodule module = nullptr;
    CUresult r =
        d_.cuModuleLoadDataEx(&module, ptx.c_str(), 4, options, values);
    log = info.data();
    if (r != CUDA_SUCCESS) {
      std::string msg =
          "kernel '" + sig->kernel + "': PTX load failed: " + d_.describe(r);
      if (error[0])
        msg += "\n" + std::string(error.data());
      throw Error(msg);
    }
    CUfunction fn = nullptr;
    r = d_.cuModuleGetFunction(&fn, module, sig->kernel.c_str());
    if (r != CUDA_SUCCESS) {
      d_.cuModuleUnload(module);
      throw Error("kernel '" + sig->kernel +
                  "': no such entry point in the PTX: " + d_.describe(r));
    }
    return std::make_unique<GpuKernel>(shared_from_this(), module, fn,
                                       std::move(sig));
  }

  std::unique_ptr<KernelBackend>
  loadHost(WfHostKernelFn,
           std::shared_ptr<const KernelSignature> sig) override {
    throw Error("kernel '" + sig->kernel +
                "': host-compiled kernels run only on the CPU device");
  }

private:
  const Driver &d_;
  CUdevice device_ = 0;
  CUcontext ctx_ = nullptr;
  int ccMajor_ = 0; // compute capability (0 if unknown: no PDL)
};

GpuKernel::~GpuKernel() {
  // No throwing here: a failed unload (after a fault) just leaks the module.
  device_->d().cuCtxSetCurrent(device_->context());
  if (check_)
    device_->d().cuMemFree(check_);
  device_->d().cuModuleUnload(module_);
}

// The record is written before the launch (synchronous copy) and read after
// the kernel: launches of one checked kernel take turns, and a launch nobody
// waited for is checked at the kernel's next launch.
CUdeviceptr GpuKernel::prepareCheck(const LaunchConfig &config,
                                    const std::vector<uint64_t> &bytes) {
  const Driver &d = device_->d();
  if (checkPending_) {
    // That launch may be on another stream: wait for all, and report it
    // as that launch.
    CUresult r = d.cuCtxSynchronize();
    if (r != CUDA_SUCCESS)
      throw Error(where(pendingConfig_) + ": launch failed: " + d.describe(r));
    finishCheck(pendingConfig_);
  }
  size_t size = WF_CHECK_ARG_BYTES_OFFSET + 8 * sig_->params.size();
  if (!check_)
    check(d.cuMemAlloc(&check_, size),
          "cannot allocate the check record on the GPU");
  static_assert(sizeof(WfCheckRecord) <= WF_CHECK_ARG_BYTES_OFFSET);
  std::vector<unsigned char> host(size, 0);
  WfCheckRecord record{};
  record.sharedBytes =
      static_cast<uint64_t>(sig_->sharedBytes) + config.dynamicSharedBytes;
  std::memcpy(host.data(), &record, sizeof record);
  for (size_t i = 0; i < sig_->params.size() && i < bytes.size(); ++i)
    std::memcpy(host.data() + WF_CHECK_ARG_BYTES_OFFSET + 8 * i, &bytes[i], 8);
  check(d.cuMemcpyHtoD(check_, host.data(), size),
        "cannot write the check record");
  checkPending_ = true;
  pendingConfig_ = config;
  return check_;
}

void GpuKernel::finishCheck(const LaunchConfig &config) {
  if (!checkPending_)
    return;
  checkPending_ = false;
  WfCheckRecord record{};
  check(device_->d().cuMemcpyDtoH(&record, check_, sizeof record),
        where(config) + ": cannot read the check record");
  if (record.status != WF_CHECK_NONE)
    throw Error(where(config) + ": " + describeCheck(*sig_, record));
}

namespace {
CUtensorMapDataType tensorMapType(ElemType type) {
  switch (type) {
  case ElemType::I8:
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  case ElemType::I16:
    return CU_TENSOR_MAP_DATA_TYPE_UINT16;
  case ElemType::I32:
    return CU_TENSOR_MAP_DATA_TYPE_INT32;
  case ElemType::I64:
    return CU_TENSOR_MAP_DATA_TYPE_INT64;
  case ElemType::F16:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  case ElemType::BF16:
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  case ElemType::F32:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  case ElemType::F64:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  }
  return CU_TENSOR_MAP_DATA_TYPE_UINT8;
}

CUtensorMapSwizzle tensorMapSwizzle(int64_t bytes) {
  switch (bytes) {
  case 32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  case 128:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  default:
    return CU_TENSOR_MAP_SWIZZLE_NONE;
  }
}

std::string dimsText(const int64_t *v, int64_t rank) {
  std::string s;
  for (int64_t k = rank; k-- > 0;) // outermost first, as the header
    s += (k + 1 == rank ? "" : "x") + std::to_string(v[k]);
  return s;
}
} // namespace

void GpuKernel::encodeTensorMaps(const LaunchConfig &config,
                                 const std::vector<uint64_t> &slots,
                                 std::vector<CUtensorMap> &maps,
                                 std::vector<void *> &params) {
  const Driver &d = device_->d();
  std::vector<LaunchTensorMap> descs;
  try {
    descs = tensorMapsOf(*sig_, slots);
  } catch (const Error &e) {
    throw Error(where(config) + ": " + e.what());
  }
  maps.resize(descs.size());
  for (size_t k = 0; k < descs.size(); ++k) {
    const WfTensorMap &m = descs[k].desc;
    const ParamDecl &p = sig_->params[descs[k].param];
    params[descs[k].param] = &maps[k];
    TensorMapCache::Key key = TensorMapCache::keyOf(m, p.type);
    if (tensorMaps_.find(key, maps[k]))
      continue;
    // Built on failure only: this runs on every launch.
    auto what = [&] { return where(config) + ": tensor map '" + p.name + "'"; };
    if (!d.cuTensorMapEncodeTiled)
      throw Error(what() + ": this CUDA driver lacks cuTensorMapEncodeTiled "
                           "(CUDA 12 or newer has it)");
    cuuint64_t dims[WF_TMAP_MAX_RANK], strides[WF_TMAP_MAX_RANK];
    cuuint32_t box[WF_TMAP_MAX_RANK], elementStrides[WF_TMAP_MAX_RANK];
    for (int64_t i = 0; i < m.rank; ++i) {
      dims[i] = static_cast<cuuint64_t>(m.dims[i]);
      box[i] = static_cast<cuuint32_t>(m.box[i]);
      elementStrides[i] = 1;
      if (i > 0)
        strides[i - 1] = static_cast<cuuint64_t>(m.strides[i]);
    }
    // Out-of-bounds elements of a load are zeros (FLOAT_OOB_FILL_NONE),
    // those of a store are not written.
    CUresult r = d.cuTensorMapEncodeTiled(
        &maps[k], tensorMapType(p.type), static_cast<cuuint32_t>(m.rank),
        m.base, dims, strides, box, elementStrides,
        CU_TENSOR_MAP_INTERLEAVE_NONE, tensorMapSwizzle(m.swizzle),
        CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS)
      throw Error(what() + ": cuTensorMapEncodeTiled failed for " +
                  elemTypeName(p.type) + "[" + dimsText(m.dims, m.rank) +
                  "] byte strides " + dimsText(m.strides, m.rank) + " box " +
                  dimsText(m.box, m.rank) + " swizzle " +
                  std::to_string(m.swizzle) + ": " + d.describe(r));
    tensorMaps_.keep(key, maps[k]);
  }
}

void GpuKernel::launch(const LaunchConfig &config,
                       const std::vector<uint64_t> &slots,
                       const std::vector<uint64_t> &bytes) {
  const Driver &d = device_->d();
  device_->makeCurrent();
  if (config.dynamicSharedBytes > dynamicSharedOptIn_) {
    CUresult r = d.cuFuncSetAttribute(
        fn_, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        static_cast<int>(config.dynamicSharedBytes));
    if (r != CUDA_SUCCESS)
      throw Error(where(config) + ": cannot allow " +
                  std::to_string(config.dynamicSharedBytes) +
                  " bytes of dynamic shared memory: " + d.describe(r));
    dynamicSharedOptIn_ = config.dynamicSharedBytes;
    // Ask for the largest shared-memory carveout: otherwise the driver may
    // pick one that fits fewer blocks of a kernel with large tiles per SM
    // (a preference, so an error here is not fatal).
    d.cuFuncSetAttribute(fn_,
                         CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                         CU_SHAREDMEM_CARVEOUT_MAX_SHARED);
  }
  // The driver reads each argument through its pointer, as many bytes as
  // the PTX param's type has: the low bytes of each 64-bit slot.
  std::vector<uint64_t> values = slots;
  if (sig_->checked) // the hidden last argument (common/CheckABI.h)
    values.push_back(prepareCheck(config, bytes));
  std::vector<void *> params(values.size());
  for (size_t i = 0; i < values.size(); ++i)
    params[i] = &values[i];
  std::vector<CUtensorMap> maps;
  if (hasTensorMaps_)
    encodeTensorMaps(config, slots, maps, params);
  auto shared = static_cast<unsigned>(config.dynamicSharedBytes);
  auto stream = static_cast<CUstream>(config.stream);
  CUresult r;
  if (sig_->pdl && device_->canPdl()) {
    // '\! pdl': programmatic stream serialization. The grid may start once
    // every block of the previous kernel on the stream has run
    // griddepcontrol.launch_dependents or exited, not only when that kernel
    // has completed; the kernel's griddepcontrol.wait waits for the rest.
    // Elsewhere (older GPUs or drivers) cuLaunchKernel below runs it in
    // plain stream order, where the wait returns at once: also correct.
    CUlaunchAttribute attr{};
    attr.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attr.value.programmaticStreamSerializationAllowed = 1;
    CUlaunchConfig ex{};
    ex.gridDimX = config.grid.x;
    ex.gridDimY = config.grid.y;
    ex.gridDimZ = config.grid.z;
    ex.blockDimX = config.block.x;
    ex.blockDimY = config.block.y;
    ex.blockDimZ = config.block.z;
    ex.sharedMemBytes = shared;
    ex.hStream = stream;
    ex.attrs = &attr;
    ex.numAttrs = 1;
    r = d.cuLaunchKernelEx(&ex, fn_, params.data(), nullptr);
  } else {
    r = d.cuLaunchKernel(fn_, config.grid.x, config.grid.y, config.grid.z,
                         config.block.x, config.block.y, config.block.z, shared,
                         stream, params.data(), nullptr);
  }
  if (r != CUDA_SUCCESS)
    throw Error(where(config) + ": launch failed: " + d.describe(r));
}

void GpuKernel::wait(const LaunchConfig &config) {
  const Driver &d = device_->d();
  device_->makeCurrent();
  auto stream = static_cast<CUstream>(config.stream);
  double timeout = launchTimeout(config);
  CUresult r;
  if (timeout <= 0) {
    r = d.cuStreamSynchronize(stream);
  } else {
    // Poll with the deadline instead of a blocking synchronize. The driver
    // API cannot stop one running kernel (no call ends it short of the
    // context's destruction, which itself waits for it), so the host only
    // stops waiting.
    using Clock = std::chrono::steady_clock;
    auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(timeout));
    auto pause = std::chrono::microseconds(20);
    while ((r = d.cuStreamQuery(stream)) == CUDA_ERROR_NOT_READY) {
      if (Clock::now() >= deadline) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", timeout);
        throw LaunchStopped(
            LaunchStopped::Reason::Timeout,
            where(config) + ": timed out after " + seconds +
                " s: the host stopped waiting, but the kernel keeps running "
                "(CUDA cannot stop a running kernel): until it finishes, "
                "this process's CUDA context is unusable (later calls on "
                "this device wait for it or fail); exit the process to end "
                "it");
      }
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, decltype(pause)(1000));
    }
  }
  if (r != CUDA_SUCCESS)
    throw Error(where(config) + ": launch failed: " + d.describe(r));
  finishCheck(config);
}

double GpuKernel::timedLaunch(const LaunchConfig &config,
                              const std::vector<uint64_t> &slots,
                              const std::vector<uint64_t> &bytes) {
  const Driver &d = device_->d();
  device_->makeCurrent();
  CUevent start = nullptr, stop = nullptr;
  check(d.cuEventCreate(&start, CU_EVENT_DEFAULT),
        "cannot create a CUDA event");
  CUresult r = d.cuEventCreate(&stop, CU_EVENT_DEFAULT);
  if (r != CUDA_SUCCESS) {
    d.cuEventDestroy(start);
    check(r, "cannot create a CUDA event");
  }
  auto stream = static_cast<CUstream>(config.stream);
  float ms = 0;
  try {
    check(d.cuEventRecord(start, stream), "cannot record a CUDA event");
    launch(config, slots, bytes);
    check(d.cuEventRecord(stop, stream), "cannot record a CUDA event");
    r = d.cuEventSynchronize(stop);
    if (r != CUDA_SUCCESS)
      throw Error(where(config) + ": launch failed: " + d.describe(r));
    check(d.cuEventElapsedTime(&ms, start, stop), "cannot read a CUDA event");
  } catch (...) {
    d.cuEventDestroy(start);
    d.cuEventDestroy(stop);
    throw;
  }
  d.cuEventDestroy(start);
  d.cuEventDestroy(stop);
  finishCheck(config);
  return ms * 1000.0;
}

} // namespace

std::shared_ptr<DeviceBackend> openGpu(int ordinal) {
  return std::make_shared<GpuDevice>(ordinal);
}

} // namespace wf::rt::cuda
