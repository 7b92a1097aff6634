//===- Signature.cpp ------------------------------------------------------===//
#include "compiler/driver/Signature.h"

namespace wf {

rt::KernelSignature kernelSignature(const KernelHeader &header,
                                    const std::string &arch,
                                    const std::vector<std::string> *checkSites,
                                    bool sanitize) {
  rt::KernelSignature sig;
  sig.kernel = header.name;
  sig.floatType =
      header.floatMode == FloatMode::F64 ? ElemType::F64 : ElemType::F32;
  for (const ParamDecl &p : header.params)
    sig.params.push_back(p); // the runtime's part of it
  for (const SharedDecl &s : header.shared) {
    if (s.dynamic)
      sig.dynamicShared = rt::SharedDecl{s.name, s.type, 0};
    else
      sig.shared.push_back(rt::SharedDecl{s.name, s.type, s.count});
  }
  sig.sharedBytes = static_cast<int64_t>(header.sharedBytes);
  sig.largeSharedBytes = static_cast<int64_t>(header.largeSharedBytes);
  sig.maxThreads = static_cast<int64_t>(header.maxThreads);
  for (int i = 0; i < 3; ++i) {
    sig.block[i] = static_cast<int64_t>(header.block[i]);
    sig.cluster[i] = static_cast<int64_t>(header.cluster[i]);
  }
  sig.pdl = header.pdl;
  sig.arch = arch;
  for (const ConstDecl &c : header.consts)
    if (!c.isFloat) // sizes are integers; float constants never appear there
      sig.consts[c.name] = c.intValue;
  sig.sanitize = sanitize;
  if (checkSites) {
    sig.checked = true;
    sig.checkSites = *checkSites;
  }
  return sig;
}

std::string formatSignature(const KernelHeader &header, const std::string &arch,
                            const std::vector<std::string> *checkSites,
                            bool sanitize) {
  return rt::formatSignature(
      kernelSignature(header, arch, checkSites, sanitize));
}

} // namespace wf
