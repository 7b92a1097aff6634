#include "compiler/driver/TargetChecks.h"

#include <algorithm>

namespace wf {

const std::vector<std::string> &supportedArchs() {
  // LLVM 19's NVPTX targets from sm_75 on: for older ones its default PTX
  // version lacks activemask (every shuffle: LLVM fails to select it), and
  // CUDA 13's ptxas starts at sm_75. sm_90a is sm_90 with wgmma and
  // setmaxnreg.
  static const std::vector<std::string> archs = {
      "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"};
  return archs;
}

bool checkArch(const std::string &arch, std::string &error) {
  const std::vector<std::string> &archs = supportedArchs();
  if (std::find(archs.begin(), archs.end(), arch) != archs.end())
    return true;
  std::string list;
  for (const std::string &a : archs)
    list += (list.empty() ? "" : ", ") + a;
  error =
      "unknown GPU architecture '" + arch + "' (expected one of " + list + ")";
  return false;
}

namespace {
/// One param's bytes and alignment in the .param space (NVPTXTarget.cpp's
/// paramType: a pointer for an array, the CUtensorMap by value for a tmap).
uint64_t paramBytes(const ParamDecl &p) {
  if (p.tmap)
    return 128;
  return p.isArray ? 8 : elemTypeBytes(p.type);
}
uint64_t paramAlign(const ParamDecl &p) { return p.tmap ? 64 : paramBytes(p); }
uint64_t alignTo(uint64_t n, uint64_t a) { return (n + a - 1) / a * a; }
} // namespace

uint64_t paramSpaceBytes(const KernelHeader &header, bool checked) {
  uint64_t bytes = 0;
  for (const ParamDecl &p : header.params)
    bytes = alignTo(bytes, paramAlign(p)) + paramBytes(p);
  return checked ? alignTo(bytes, 8) + 8 : bytes;
}

uint64_t paramSpaceLimit(const std::string &arch) {
  // CUDA 12.1 raised the kernel parameter limit from 4 KB to 32,764 bytes
  // for Volta and newer, for PTX ISA 8.1 ("CUDA 12.1 Supports Large Kernel
  // Parameters", NVIDIA technical blog); older PTX keeps the old space,
  // which ptxas gives as 0x1100 (4,352) bytes. The compiler emits PTX 8.1
  // for sm_90 and sm_90a (NVPTXBackend.cpp) and LLVM's older default for
  // the others: ptxas 13.0 says "uses too much parameter space (..., 0x7ffc
  // max)" for sm_90 and "0x1100 max" for sm_75 to sm_89.
  return arch.rfind("sm_90", 0) == 0 ? 32764 : 4352;
}

bool checkParamSpace(const KernelHeader &header, const std::string &arch,
                     bool checked, DiagnosticEngine &diags) {
  uint64_t limit = paramSpaceLimit(arch);
  uint64_t bytes = 0;
  std::string why = " bytes, more than the " + std::to_string(limit) +
                    " bytes of kernel parameters that PTX allows for " + arch +
                    " (an array param or i64 takes 8 bytes, a '\\! tmap' 128)";
  for (const ParamDecl &p : header.params) {
    bytes = alignTo(bytes, paramAlign(p)) + paramBytes(p);
    if (bytes > limit) {
      diags.error(p.loc,
                  "param '" + p.name + "' takes the kernel's parameters to " +
                      std::to_string(bytes) + why,
                  static_cast<uint32_t>(p.name.size()));
      return false;
    }
  }
  if (paramSpaceBytes(header, checked) > limit) {
    diags.error(header.loc,
                "with the check record of --check-bounds (8 bytes), kernel '" +
                    header.name + "' takes " +
                    std::to_string(paramSpaceBytes(header, checked)) + why,
                static_cast<uint32_t>(header.name.size()));
    return false;
  }
  return true;
}

} // namespace wf
