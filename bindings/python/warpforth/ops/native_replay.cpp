// The torch ops' plans (ops/_common.py Plan) replayed in C++: the kernel
// that torch's dispatcher calls for torch.ops.warpforth.<op> on CPU and
// CUDA tensors. A plan is what an op's Python implementation did for one
// key (dtypes, shapes, strides, devices, address alignment, the scalar
// arguments, the ops' configs): buffers to allocate, then packed launches
// whose addresses and stream change from call to call. Replaying one here
// costs a few microseconds of host time where the Python implementation,
// called through torch.library, costs tens (a compiled training step waits
// for its host). On a miss this calls the op's Python implementation
// (torch.ops.warpforth._py_<op>), which offers back the plan it made
// (wf_native_offer) under the key computed here.
//
// Built on first use by ops/_native.py (torch.utils.cpp_extension); the
// control functions are extern "C", called through ctypes. The launches go
// through libwarpforth's wf_kernel_launch_packed, whose address Python
// hands over (wf_native_init): this file links only against torch.

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/ops/empty_strided.h>
#include <torch/library.h>

#ifdef WF_NATIVE_CUDA
#include <c10/cuda/CUDAGraphsC10Utils.h>
#include <c10/cuda/CUDAStream.h>
#endif

#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace {

using LaunchFn = int (*)(const void *kernel, const void *packed,
                         size_t num_args, int wait);
using ErrorFn = const char *(*)();

LaunchFn launchPacked = nullptr;
ErrorFn lastError = nullptr;

// A buffer a plan makes each call, or a part of one, or a stream's counter.
struct Make {
  enum Kind : int64_t { Empty = 0, Zeros = 1, Part = 2, Counter = 3 };
  Kind kind;
  c10::ScalarType dtype = c10::ScalarType::Float;
  c10::Device device = c10::Device(c10::DeviceType::CPU);
  std::vector<int64_t> sizes, strides;
  int64_t base = 0, offset = 0;   // Part: buffer index, byte offset
  int64_t ordinal = 0, cells = 0; // Counter
};

// One launch: wf_kernel_launch_packed's bytes with the stream (at
// offsets[0]) and each array's address (offsets[1..]) patched in.
struct Step {
  const void *kernel;
  std::string packed;
  std::vector<int64_t> offsets;
  std::vector<int64_t> arrays; // indices into inputs + made buffers
  int64_t numArgs;
  int64_t wait;
};

struct Plan {
  int64_t numInputs;
  std::vector<Make> makes;
  std::vector<Step> steps;
  std::vector<int64_t> results;
  bool usesCounter = false;
};

std::shared_mutex plansMutex;
std::unordered_map<std::string, std::shared_ptr<const Plan>> plans;
// (ordinal, stream, cells) -> address: ops/_common.py's _counter cells.
std::map<std::tuple<int64_t, int64_t, int64_t>, int64_t> counters;
constexpr size_t MaxPlans = 4096;

std::atomic<int64_t> hits{0}, misses{0}, offers{0};
// The id of the ops' current configs together (ops/_config.py
// combination_id), which every key holds: a plan made under other configs
// never replays, one made under the same configs does (nothing is cleared
// when they change). Set by wf_native_set_config.
std::atomic<int64_t> configId{0};

// The key of the call being run by the Python implementation on this
// thread (set around the fallback): where its offer goes.
thread_local const std::string *pendingKey = nullptr;

void put(std::string &key, int64_t v) {
  key.append(reinterpret_cast<const char *>(&v), sizeof v);
}

// The plan key of a call: the op, the configs' id, then each argument (a
// tensor's dtype, device, sizes, strides and address mod 16; a scalar's
// value), then which tensors share an address. Every tensor of the call is
// in the key, so a plan made for one call fits every call with the same
// key.
std::string makeKey(const c10::OperatorHandle &op, const torch::jit::Stack &s,
                    size_t nargs, std::vector<int64_t> &addrs) {
  std::string key = op.schema().name();
  key.push_back('\0');
  put(key, configId.load(std::memory_order_relaxed));
  for (size_t i = s.size() - nargs; i < s.size(); ++i) {
    const c10::IValue &v = s[i];
    if (v.isTensor()) {
      const at::Tensor &t = v.toTensor();
      if (!t.defined()) {
        put(key, 'U');
        continue;
      }
      put(key, 'T');
      put(key, static_cast<int64_t>(t.scalar_type()));
      put(key, static_cast<int64_t>(t.device().type()) << 8 |
                   (t.device().index() + 1));
      put(key, t.dim());
      for (int64_t d : t.sizes())
        put(key, d);
      for (int64_t d : t.strides())
        put(key, d);
      auto a = reinterpret_cast<int64_t>(t.data_ptr());
      put(key, a & 15);
      addrs.push_back(a);
    } else if (v.isNone()) {
      put(key, 'N');
    } else if (v.isBool()) {
      put(key, 'B');
      put(key, v.toBool());
    } else if (v.isInt()) {
      put(key, 'I');
      put(key, v.toInt());
    } else if (v.isDouble()) {
      put(key, 'D');
      double d = v.toDouble();
      int64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      put(key, bits);
    } else {
      return std::string(); // another kind: no plan (Python decides)
    }
  }
  // Aliases (the same tensor twice): each one's first position.
  for (size_t i = 1; i < addrs.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (addrs[i] == addrs[j]) {
        for (size_t k = 0; k < addrs.size(); ++k)
          for (size_t m = 0; m <= k; ++m)
            if (addrs[m] == addrs[k]) {
              put(key, static_cast<int64_t>(m));
              break;
            }
        return key;
      }
  return key;
}

int64_t currentStream(const c10::Device &d) {
#ifdef WF_NATIVE_CUDA
  if (d.is_cuda())
    return reinterpret_cast<int64_t>(
        c10::cuda::getCurrentCUDAStream(d.index()).stream());
#endif
  (void)d;
  return 0;
}

bool capturing() {
#ifdef WF_NATIVE_CUDA
  return c10::cuda::currentStreamCaptureStatusMayInitCtx() !=
         c10::cuda::CaptureStatus::None;
#else
  return false;
#endif
}

// Runs `plan` on the inputs at the top of the stack and replaces them with
// its results; false (nothing launched, the stack untouched) where a new
// buffer is less aligned than the plan's was, a counter is missing or a
// CUDA graph is being captured: the Python implementation then runs.
bool replay(const Plan &plan, torch::jit::Stack &s, size_t nargs,
            const std::vector<int64_t> &inputAddrs) {
  std::vector<int64_t> addrs(inputAddrs);
  std::vector<at::Tensor> made(plan.makes.size());
  int64_t stream = 0;
  bool haveStream = false;
  auto streamOf = [&](const c10::Device &d) {
    if (!haveStream) {
      stream = currentStream(d);
      haveStream = true;
    }
    return stream;
  };
  // The stream is the first input tensor's device's current one.
  c10::Device device(c10::DeviceType::CPU);
  for (size_t i = s.size() - nargs; i < s.size(); ++i)
    if (s[i].isTensor() && s[i].toTensor().defined()) {
      device = s[i].toTensor().device();
      break;
    }
  if (plan.usesCounter && capturing())
    return false;
  for (size_t m = 0; m < plan.makes.size(); ++m) {
    const Make &mk = plan.makes[m];
    switch (mk.kind) {
    case Make::Part:
      addrs.push_back(addrs[mk.base] + mk.offset);
      break;
    case Make::Counter: {
      std::shared_lock lock(plansMutex);
      auto it = counters.find({mk.ordinal, streamOf(device), mk.cells});
      if (it == counters.end())
        return false;
      addrs.push_back(it->second);
      break;
    }
    default: {
      at::Tensor t = at::empty_strided(
          mk.sizes, mk.strides, at::TensorOptions(mk.dtype).device(mk.device));
      if (mk.kind == Make::Zeros)
        t.zero_();
      auto a = reinterpret_cast<int64_t>(t.data_ptr());
      if (a & 15)
        return false;
      addrs.push_back(a);
      made[m] = std::move(t);
    }
    }
  }
  std::string bytes;
  for (const Step &st : plan.steps) {
    bytes.assign(st.packed);
    int64_t v = streamOf(device);
    std::memcpy(&bytes[st.offsets[0]], &v, 8);
    for (size_t j = 0; j < st.arrays.size(); ++j)
      std::memcpy(&bytes[st.offsets[j + 1]], &addrs[st.arrays[j]], 8);
    if (launchPacked(st.kernel, bytes.data(), st.numArgs, st.wait))
      TORCH_CHECK(false, "warpforth: ", lastError ? lastError() : "launch");
  }
  std::vector<c10::IValue> inputs;
  inputs.reserve(nargs);
  for (size_t i = s.size() - nargs; i < s.size(); ++i)
    if (s[i].isTensor() && s[i].toTensor().defined())
      inputs.push_back(s[i]);
  torch::jit::drop(s, nargs);
  for (int64_t r : plan.results) {
    if (r < plan.numInputs)
      s.push_back(inputs[r]);
    else
      s.push_back(made[r - plan.numInputs]);
  }
  return true;
}

std::mutex fallbackMutex;
std::unordered_map<std::string, c10::OperatorHandle> fallbacks;

const c10::OperatorHandle &fallbackOf(const c10::OperatorHandle &op) {
  const std::string &name = op.schema().name(); // "warpforth::<op>"
  std::lock_guard lock(fallbackMutex);
  auto it = fallbacks.find(name);
  if (it == fallbacks.end()) {
    std::string py = "warpforth::_py_" + name.substr(name.find("::") + 2);
    it = fallbacks
             .emplace(name, c10::Dispatcher::singleton().findSchemaOrThrow(
                                py.c_str(), ""))
             .first;
  }
  return it->second;
}

void kernel(const c10::OperatorHandle &op, c10::DispatchKeySet,
            torch::jit::Stack *stack) {
  size_t nargs = op.schema().arguments().size();
  std::vector<int64_t> addrs;
  std::string key = makeKey(op, *stack, nargs, addrs);
  if (!key.empty()) {
    std::shared_ptr<const Plan> plan;
    {
      std::shared_lock lock(plansMutex);
      auto it = plans.find(key);
      if (it != plans.end())
        plan = it->second;
    }
    if (plan && static_cast<size_t>(plan->numInputs) == addrs.size() &&
        replay(*plan, *stack, nargs, addrs)) {
      ++hits;
      return;
    }
  }
  ++misses;
  const std::string *outer = pendingKey;
  pendingKey = key.empty() ? nullptr : &key;
  try {
    fallbackOf(op).callBoxed(stack);
  } catch (...) {
    pendingKey = outer;
    throw;
  }
  pendingKey = outer;
}

// A plan's description from Python (ops/_native.py pack_plan): int64
// words, each launch's packed bytes inline (padded to 8).
struct Reader {
  const int64_t *p, *end;
  int64_t next() {
    if (p >= end)
      throw std::runtime_error("plan description ends early");
    return *p++;
  }
};

std::shared_ptr<Plan> readPlan(const int64_t *words, size_t n) {
  Reader r{words, words + n};
  auto plan = std::make_shared<Plan>();
  plan->numInputs = r.next();
  int64_t nmakes = r.next(), nsteps = r.next(), nresults = r.next();
  for (int64_t i = 0; i < nmakes; ++i) {
    Make m;
    m.kind = static_cast<Make::Kind>(r.next());
    if (m.kind == Make::Empty || m.kind == Make::Zeros) {
      m.dtype = static_cast<c10::ScalarType>(r.next());
      int64_t type = r.next(), index = r.next();
      m.device = c10::Device(static_cast<c10::DeviceType>(type),
                             static_cast<c10::DeviceIndex>(index));
      int64_t dims = r.next();
      for (int64_t d = 0; d < dims; ++d)
        m.sizes.push_back(r.next());
      for (int64_t d = 0; d < dims; ++d)
        m.strides.push_back(r.next());
    } else if (m.kind == Make::Part) {
      m.base = r.next();
      m.offset = r.next();
      if (m.base < 0 || m.base >= plan->numInputs + i)
        throw std::runtime_error("part of an unknown buffer");
    } else if (m.kind == Make::Counter) {
      m.ordinal = r.next();
      m.cells = r.next();
      plan->usesCounter = true;
    } else {
      throw std::runtime_error("unknown buffer kind");
    }
    plan->makes.push_back(std::move(m));
  }
  int64_t arrays = plan->numInputs + nmakes;
  for (int64_t i = 0; i < nsteps; ++i) {
    Step st;
    st.kernel = reinterpret_cast<const void *>(r.next());
    st.numArgs = r.next();
    st.wait = r.next();
    int64_t noff = r.next();
    for (int64_t j = 0; j < noff; ++j)
      st.offsets.push_back(r.next());
    int64_t bytes = r.next();
    int64_t words8 = (bytes + 7) / 8;
    if (r.end - r.p < words8)
      throw std::runtime_error("plan description ends early");
    st.packed.assign(reinterpret_cast<const char *>(r.p), bytes);
    r.p += words8;
    for (int64_t j = 1; j < noff; ++j) {
      int64_t a = r.next();
      if (a < 0 || a >= arrays)
        throw std::runtime_error("launch of an unknown array");
      st.arrays.push_back(a);
    }
    // wf_kernel_launch_packed reads a 40-byte config and 40 bytes an
    // argument.
    if (st.numArgs < 0 || bytes < 40 + 40 * st.numArgs)
      throw std::runtime_error("launch bytes shorter than its arguments");
    for (int64_t o : st.offsets)
      if (o < 0 || o + 8 > bytes)
        throw std::runtime_error("address outside the launch's bytes");
    plan->steps.push_back(std::move(st));
  }
  for (int64_t i = 0; i < nresults; ++i) {
    int64_t x = r.next();
    if (x < 0 || x >= arrays ||
        (x >= plan->numInputs &&
         plan->makes[x - plan->numInputs].kind != Make::Empty &&
         plan->makes[x - plan->numInputs].kind != Make::Zeros))
      throw std::runtime_error("result is not an input or a new buffer");
    plan->results.push_back(x);
  }
  if (r.p != r.end)
    throw std::runtime_error("plan description too long");
  return plan;
}

thread_local std::string error;

std::vector<std::unique_ptr<torch::Library>> libraries;

} // namespace

extern "C" {

// libwarpforth's wf_kernel_launch_packed and wf_last_error.
void wf_native_init(void *launch, void *last_error) {
  launchPacked = reinterpret_cast<LaunchFn>(launch);
  lastError = reinterpret_cast<ErrorFn>(last_error);
}

// Registers this file's kernel for torch.ops.warpforth.<name> on CPU and
// CUDA tensors (where `cuda`); 0, or -1 with wf_native_error() set.
int wf_native_register(const char *name, int cuda) {
  try {
    for (auto key : {c10::DispatchKey::CPU, c10::DispatchKey::CUDA}) {
      if (key == c10::DispatchKey::CUDA && !cuda)
        continue;
      auto lib = std::make_unique<torch::Library>(
          torch::Library::IMPL, "warpforth", key, __FILE__, __LINE__);
      lib->impl(name, torch::CppFunction::makeFromBoxedFunction<&kernel>());
      libraries.push_back(std::move(lib));
    }
    return 0;
  } catch (const std::exception &e) {
    error = e.what();
    return -1;
  }
}

// The plan for the call this thread's Python implementation is running
// (the key kernel() computed): 1 kept, 0 no call pending, -1 refused.
int wf_native_offer(const int64_t *words, size_t n) {
  if (!pendingKey)
    return 0;
  try {
    std::shared_ptr<Plan> plan = readPlan(words, n);
    std::unique_lock lock(plansMutex);
    if (plans.size() >= MaxPlans)
      plans.clear();
    plans[*pendingKey] = std::move(plan);
    pendingKey = nullptr; // one offer a call
    ++offers;
    return 1;
  } catch (const std::exception &e) {
    error = e.what();
    return -1;
  }
}

void wf_native_set_counter(int64_t ordinal, int64_t stream, int64_t cells,
                           int64_t addr) {
  std::unique_lock lock(plansMutex);
  counters[{ordinal, stream, cells}] = addr;
}

// The ops' configs' id for the keys of the calls that follow.
void wf_native_set_config(int64_t id) {
  configId.store(id, std::memory_order_relaxed);
}

void wf_native_clear() {
  std::unique_lock lock(plansMutex);
  plans.clear();
}

// hits, misses, offers, plans kept.
void wf_native_stats(int64_t *out) {
  std::shared_lock lock(plansMutex);
  out[0] = hits;
  out[1] = misses;
  out[2] = offers;
  out[3] = static_cast<int64_t>(plans.size());
}

const char *wf_native_error() { return error.c_str(); }

} // extern "C"
