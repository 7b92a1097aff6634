/*===- warpforth_c.h - A C API over the WarpForth compiler and runtime ---===*\
|*                                                                          *|
|* For languages that can call C but not C++ (Python through ctypes, in     *|
|* python/warpforth). Built as libwarpforth.so, CMake target warpforth_c.   *|
|*                                                                          *|
|*   wf_device *dev = wf_device_open(WF_DEVICE_AUTO, 0);                    *|
|*   wf_compile_options opts = {0};                                         *|
|*   wf_kernel *k = wf_kernel_compile_file(dev, "scale.forth", &opts);     *|
|*   if (!k) fprintf(stderr, "%s\n", wf_last_error());                      *|
|*   wf_arg args[3] = {wf_arg_buffer(x, n * 4, WF_TYPE_F32),               *|
|*                     wf_arg_int(n), wf_arg_float(0.5)};                   *|
|*   wf_launch_config cfg = {{2, 1, 1}, {256, 1, 1}, 0, NULL};              *|
|*   wf_kernel_run(k, &cfg, args, 3);                                       *|
|*                                                                          *|
|* Conventions: functions returning int give 0 on success and -1 on         *|
|* failure; functions returning a pointer give NULL on failure. Either way  *|
|* wf_last_error() then holds the complete message (compiler diagnostics,   *|
|* the runtime's "kernel 'k': param 'X': ..." text). No C++ exception       *|
|* crosses this boundary. Strings returned by the library stay valid as     *|
|* long as the handle they came from. The error text is per thread.         *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/
#ifndef WARPFORTH_RUNTIME_CAPI_WARPFORTH_C_H
#define WARPFORTH_RUNTIME_CAPI_WARPFORTH_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a declaration below changes incompatibly. */
#define WF_C_API_VERSION 3

typedef struct wf_device wf_device;
typedef struct wf_kernel wf_kernel;

typedef enum wf_device_kind {
  WF_DEVICE_AUTO = 0, /* the GPU if a driver and device are there, else CPU */
  WF_DEVICE_GPU = 1,
  WF_DEVICE_CPU = 2,
} wf_device_kind;

/* Element types, in the order of wf::rt::ElemType. */
typedef enum wf_elem_type {
  WF_TYPE_NONE = -1, /* "not stated": no type check for this argument */
  WF_TYPE_I8 = 0,
  WF_TYPE_I16 = 1,
  WF_TYPE_I32 = 2,
  WF_TYPE_I64 = 3,
  WF_TYPE_F16 = 4,
  WF_TYPE_BF16 = 5,
  WF_TYPE_F32 = 6,
  WF_TYPE_F64 = 7,
} wf_elem_type;

typedef enum wf_float_mode {
  WF_FLOAT_DEFAULT = 0, /* whatever the kernel's \! float says */
  WF_FLOAT_F32 = 1,
  WF_FLOAT_F64 = 2,
} wf_float_mode;

typedef enum wf_arg_kind {
  WF_ARG_BUFFER = 0, /* an array param: addr + bytes */
  WF_ARG_INT = 1,    /* a scalar: i */
  WF_ARG_FLOAT = 2,  /* a scalar: f */
} wf_arg_kind;

typedef struct wf_compile_options {
  const char *arch; /* "sm_90"; NULL: the compiler's default (sm_80) */
  int opt_level;    /* 0..3; 0 in a zeroed struct means the default, 3 */
  int float_mode;   /* wf_float_mode */
  int line_info;    /* nonzero: emit line info */
  const char *const *defines; /* "NAME=VALUE" or "NAME" (means 1), as -D */
  size_t num_defines;
  const char *const *include_dirs; /* searched after the file's folder */
  size_t num_include_dirs;
  int check_bounds; /* nonzero: --check-bounds (checked GPU kernel, ASSERT) */
  int werror;       /* nonzero: -Werror (a warning fails the compile) */
  int sanitize;     /* nonzero: --sanitize (CPU only; docs/sanitizer.md) */
} wf_compile_options;

typedef struct wf_launch_config {
  uint32_t grid[3];
  uint32_t block[3];
  uint64_t shared_bytes; /* dynamic shared memory per block */
  void *stream;          /* a CUstream / cudaStream_t; NULL: default stream */
} wf_launch_config;

/* One kernel argument. Array params take a device address (a CUdeviceptr on
 * the GPU, a host pointer on the CPU) and its size in bytes, which is checked
 * against the signature's element count. `type` is the element type the
 * caller vouches for (WF_TYPE_NONE to skip the check). */
typedef struct wf_arg {
  int32_t kind; /* wf_arg_kind */
  int32_t type; /* wf_elem_type */
  uint64_t addr;
  uint64_t bytes;
  int64_t i;
  double f;
} wf_arg;

/* ---- errors and versions ---------------------------------------------- */

/* The last failure's message on this thread ("" if none). */
const char *wf_last_error(void);
/* What the last failure on this thread was: 0 none, else one of these. */
#define WF_ERROR_OTHER 1
#define WF_ERROR_TIMEOUT 2     /* a launch ran past its timeout */
#define WF_ERROR_INTERRUPTED 3 /* Ctrl-C (SIGINT) came during a CPU launch */
int wf_last_error_kind(void);
int wf_api_version(void);
/* "i8" ... "f64"; NULL for anything else. */
const char *wf_elem_type_name(int type);
size_t wf_elem_type_size(int type);

/* ---- devices and memory ----------------------------------------------- */

/* 1 if a CUDA driver and device 0 are usable; never fails. */
int wf_gpu_available(void);
wf_device *wf_device_open(int kind, int ordinal);
/* Kernels loaded on the device keep it alive; closing NULL is a no-op. */
void wf_device_close(wf_device *dev);
/* WF_DEVICE_GPU or WF_DEVICE_CPU. */
int wf_device_get_kind(const wf_device *dev);
/* "NVIDIA H100 80GB HBM3 (sm_90)", "CPU (16 worker threads)". */
const char *wf_device_name(const wf_device *dev);

/* Zero-filled memory on the device; *addr receives its address. */
int wf_alloc(wf_device *dev, size_t bytes, uint64_t *addr);
/* Frees memory from wf_alloc (addr 0 is a no-op). */
int wf_free(wf_device *dev, uint64_t addr);
/* Synchronous copies; `dst`/`src` must lie in memory from wf_alloc or in
 * memory of at least `offset + bytes` bytes allocated elsewhere. */
int wf_upload(wf_device *dev, uint64_t dst, const void *src, size_t bytes);
int wf_download(wf_device *dev, void *dst, uint64_t src, size_t bytes);
int wf_synchronize(wf_device *dev);

/* ---- compiling and loading -------------------------------------------- */

/* Compiles WarpForth source for the device (PTX on the GPU, host code on the
 * CPU) and loads it. `opts` may be NULL. On failure wf_last_error() holds
 * the compiler's diagnostics. */
wf_kernel *wf_kernel_compile_file(wf_device *dev, const char *path,
                                  const wf_compile_options *opts);
/* `name` is the file name used in diagnostics and for INCLUDE's folder. */
wf_kernel *wf_kernel_compile_source(wf_device *dev, const char *name,
                                    const char *source,
                                    const wf_compile_options *opts);
/* Loads PTX carrying a signature block (GPU only). */
wf_kernel *wf_kernel_load_ptx(wf_device *dev, const char *ptx);
/* Compiles to PTX without loading anything (no device needed). Returns a
 * string to release with wf_string_free, or NULL. */
char *wf_compile_to_ptx(const char *name, const char *source,
                        const wf_compile_options *opts);
void wf_string_free(char *s);
void wf_kernel_release(wf_kernel *k);

/* ---- the kernel's signature ------------------------------------------- */

const char *wf_kernel_name(const wf_kernel *k);
/* The signature block as text (see docs/runtime.md). */
const char *wf_kernel_signature(const wf_kernel *k);
/* The PTX text on the GPU, "" on the CPU. */
const char *wf_kernel_ptx(const wf_kernel *k);
/* The compiler's warnings, rendered as warpforthc prints them
 * ("file:line:col: warning: ..." and the source line), "" when there are
 * none or the kernel was loaded from PTX. A compile served by the compile
 * cache has those of the compile that stored it. */
const char *wf_kernel_warnings(const wf_kernel *k);
/* @float as a wf_elem_type, or WF_TYPE_NONE when the block has none. */
int wf_kernel_float_type(const wf_kernel *k);
int64_t wf_kernel_shared_bytes(const wf_kernel *k);
int wf_kernel_num_params(const wf_kernel *k);
/* For param `i`; NULL / -1 when out of range. */
const char *wf_kernel_param_name(const wf_kernel *k, int i);
int wf_kernel_param_is_array(const wf_kernel *k, int i);
int wf_kernel_param_type(const wf_kernel *k, int i);
/* The size expression ("SEQ_LEN*HEAD_DIM"), "" when undeclared. */
const char *wf_kernel_param_size(const wf_kernel *k, int i);
/* An integer @const: 0 and *value set, or -1 when there is none. */
int wf_kernel_const(const wf_kernel *k, const char *name, int64_t *value);

/* ---- launching -------------------------------------------------------- */

/* Checks the args against the signature and launches: asynchronous on
 * cfg->stream on the GPU, synchronous on the CPU. */
int wf_kernel_launch(const wf_kernel *k, const wf_launch_config *cfg,
                     const wf_arg *args, size_t num_args);
/* Launches and waits; a fault names the kernel and configuration. */
int wf_kernel_run(const wf_kernel *k, const wf_launch_config *cfg,
                  const wf_arg *args, size_t num_args);
/* Runs once and stores the kernel's time in microseconds (CUDA events on
 * the GPU, a steady clock on the CPU). */
int wf_kernel_time(const wf_kernel *k, const wf_launch_config *cfg,
                   const wf_arg *args, size_t num_args, double *micros);

/* How long this thread's launches may run, in seconds: a CPU launch is
 * stopped after that (WF_ERROR_TIMEOUT, naming where each thread is), a
 * waited GPU launch stops being waited for (the kernel runs on). 0: no
 * limit; negative: the environment's WARPFORTH_TIMEOUT (the default).
 * Ctrl-C stops a CPU launch whatever the timeout (WF_ERROR_INTERRUPTED). */
int wf_set_launch_timeout(double seconds);
double wf_get_launch_timeout(void);

/* One launch, its config and args in one buffer: a wf_launch_config
 * followed by num_args wf_args, packed without padding (Python's struct
 * '<3I3IQQ' + '<iiQQqd' per arg; the buffer needs no alignment). `wait`:
 * 0 is wf_kernel_launch, 1 is wf_kernel_run. The Python package's launch
 * path: one call, one bytes object, nothing else built per launch. */
int wf_kernel_launch_packed(const wf_kernel *k, const void *packed,
                            size_t num_args, int wait);

/* ---- version, compile cache, tools ------------------------------------ */

/* The WarpForth version ("0.1.0"), as warpforthc --version prints it. */
const char *wf_version(void);
/* "warpforth VERSION build BUILD-ID": the build the compile cache keys
 * its entries by (the GNU build id of the binary the compiler is in). */
const char *wf_compiler_id(void);

/* The compile cache (bindings/load/CompileCache.h): compiled kernels on
 * disk, in $WARPFORTH_CACHE_DIR, else $XDG_CACHE_HOME/warpforth, else
 * ~/.cache/warpforth; WARPFORTH_CACHE=0 turns it off. */
typedef struct wf_cache_stats {
  uint64_t hits;    /* lookups that loaded an entry */
  uint64_t misses;  /* no entry, or its INCLUDEd files changed */
  uint64_t stores;  /* entries written */
  uint64_t corrupt; /* entries refused: truncated, bad checksum (rebuilt) */
} wf_cache_stats;
/* This process's lookups so far (all threads). */
void wf_cache_get_stats(wf_cache_stats *stats);
/* The cache folder the environment names now; "" when the cache is off
 * (also when that folder is refused: another user's, or writable by group
 * or others; a warning on stderr said so once).
 * Valid until the next call on this thread. */
const char *wf_cache_dir(void);

/* Runs a command-line tool in this process and returns its exit status:
 * what the installed package's warpforthc and warpforth-run launchers do. */
#define WF_TOOL_WARPFORTHC 1
#define WF_TOOL_WARPFORTH_RUN 2
int wf_tool_main(int tool, int argc, char **argv);

static inline wf_arg wf_arg_buffer(uint64_t addr, uint64_t bytes, int type) {
  wf_arg a = {WF_ARG_BUFFER, type, addr, bytes, 0, 0.0};
  return a;
}
static inline wf_arg wf_arg_int(int64_t v) {
  wf_arg a = {WF_ARG_INT, WF_TYPE_NONE, 0, 0, v, 0.0};
  return a;
}
static inline wf_arg wf_arg_float(double v) {
  wf_arg a = {WF_ARG_FLOAT, WF_TYPE_NONE, 0, 0, 0, v};
  return a;
}

#ifdef __cplusplus
}
#endif

#endif
