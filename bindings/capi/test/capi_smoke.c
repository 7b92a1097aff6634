/* The C API from plain C99 on the CPU backend: compile a kernel with a
 * define, read its signature, run it on memory from wf_alloc, and check that
 * argument errors come back as text. Usage: capi_smoke DEMO_DIR */
#include "bindings/capi/warpforth_c.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int fail(const char *what) {
  fprintf(stderr, "capi_smoke: %s: %s\n", what, wf_last_error());
  return 1;
}

int main(int argc, char **argv) {
  char path[4096];
  const char *defines[] = {"MAX_SEQ=16"};
  wf_compile_options opts;
  wf_device *dev;
  wf_kernel *k;
  /* Two rows of head_dim 2: row 0 attends to itself only. */
  float q[4] = {1, 0, 0, 1}, o[4];
  uint64_t dq, dout;
  wf_arg args[6];
  wf_launch_config cfg = {{2, 1, 1}, {32, 1, 1}, 0, NULL};

  if (argc != 2)
    return fprintf(stderr, "usage: capi_smoke DEMO_DIR\n"), 2;
  snprintf(path, sizeof path, "%s/attention-f32.forth", argv[1]);
  memset(&opts, 0, sizeof opts);
  opts.defines = defines;
  opts.num_defines = 1;
  if (!(dev = wf_device_open(WF_DEVICE_CPU, 0)))
    return fail("wf_device_open");
  if (!(k = wf_kernel_compile_file(dev, path, &opts)))
    return fail("wf_kernel_compile_file");
  if (wf_kernel_num_params(k) != 6 ||
      strcmp(wf_kernel_param_name(k, 4), "SEQ_LEN") != 0 ||
      wf_kernel_param_type(k, 0) != WF_TYPE_F32)
    return fprintf(stderr, "capi_smoke: unexpected signature\n"), 1;
  if (wf_alloc(dev, sizeof q, &dq) || wf_alloc(dev, sizeof o, &dout) ||
      wf_upload(dev, dq, q, sizeof q))
    return fail("memory");
  args[0] = args[1] = args[2] = wf_arg_buffer(dq, sizeof q, WF_TYPE_F32);
  args[3] = wf_arg_buffer(dout, sizeof o, WF_TYPE_F32);
  args[4] = wf_arg_int(2);
  args[5] = wf_arg_int(2);
  if (wf_kernel_run(k, &cfg, args, 6))
    return fail("wf_kernel_run");
  if (wf_download(dev, o, dout, sizeof o))
    return fail("wf_download");
  /* Row 1: softmax([0, 1] / sqrt 2) . [[1 0] [0 1]]. */
  {
    double p1 = 1.0 / (1.0 + exp(-1.0 / sqrt(2.0)));
    if (o[0] != 1 || o[1] != 0 || fabs(o[2] - (1 - p1)) > 1e-6 ||
        fabs(o[3] - p1) > 1e-6)
      return fprintf(stderr, "capi_smoke: wrong output %g %g %g %g\n", o[0],
                     o[1], o[2], o[3]),
             1;
  }
  args[0].type = WF_TYPE_F64;
  if (wf_kernel_run(k, &cfg, args, 6) == 0 ||
      !strstr(wf_last_error(), "signature says f32"))
    return fprintf(stderr, "capi_smoke: no type error\n"), 1;
  if (wf_kernel_compile_source(dev, "bad.forth", "NOPE", NULL) ||
      !strstr(wf_last_error(), "bad.forth:"))
    return fprintf(stderr, "capi_smoke: no diagnostics\n"), 1;
  wf_kernel_release(k);
  wf_device_close(dev); /* frees dq and dout */
  printf("capi_smoke: OK\n");
  return 0;
}
