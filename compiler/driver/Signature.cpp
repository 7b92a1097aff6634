//===- Signature.cpp ------------------------------------------------------===//
#include "compiler/driver/Signature.h"

#include <sstream>

namespace wf {

std::string formatSignature(const KernelHeader &header, const std::string &arch,
                            const std::vector<std::string> *checkSites) {
  std::ostringstream os;
  os << "// @warpforth-signature 1\n";
  os << "// @kernel " << header.name << "\n";
  os << "// @float " << floatModeName(header.floatMode) << "\n";
  for (const ParamDecl &p : header.params) {
    if (p.tmap) {
      // `@param NAME tmap TYPE DIMS BOX SWIZZLE [STRIDES]`, lists outermost
      // first; a dense map has no strides field (as before strides).
      auto list = [&](const auto &items) {
        std::ostringstream l;
        for (size_t i = 0; i < items.size(); ++i)
          l << (i ? "," : "") << items[i];
        return l.str();
      };
      os << "// @param " << p.name << " tmap " << elemTypeName(p.type) << " "
         << list(p.tmap->dims) << " " << list(p.tmap->box) << " "
         << p.tmap->swizzle;
      if (!p.tmap->strides.empty())
        os << " " << list(p.tmap->strides);
      os << "\n";
      continue;
    }
    os << "// @param " << p.name << " " << (p.isArray ? "array" : "scalar")
       << " " << elemTypeName(p.type);
    if (p.isArray)
      os << " " << (p.size.text.empty() ? "-" : p.size.text);
    os << "\n";
  }
  for (const SharedDecl &s : header.shared) {
    if (s.dynamic)
      os << "// @dynamic-shared " << s.name << " " << elemTypeName(s.type)
         << "\n";
    else
      os << "// @shared " << s.name << " " << elemTypeName(s.type) << " "
         << s.count << "\n";
  }
  os << "// @shared-bytes " << header.sharedBytes << "\n";
  if (header.largeSharedBytes)
    os << "// @large-shared-bytes " << header.largeSharedBytes << "\n";
  if (header.maxThreads)
    os << "// @max-threads " << header.maxThreads << "\n";
  if (header.block[0])
    os << "// @block " << header.block[0] << " " << header.block[1] << " "
       << header.block[2] << "\n";
  if (header.cluster[0])
    os << "// @cluster " << header.cluster[0] << " " << header.cluster[1] << " "
       << header.cluster[2] << "\n";
  if (header.pdl)
    os << "// @pdl\n";
  if (!arch.empty())
    os << "// @arch " << arch << "\n";
  for (const ConstDecl &c : header.consts) {
    if (c.isFloat)
      continue; // sizes are integers; float constants never appear in them
    os << "// @const " << c.name << " " << c.intValue << "\n";
  }
  if (checkSites) {
    os << "// @checked\n";
    for (const std::string &site : *checkSites)
      os << "// @check-site " << site << "\n";
  }
  os << "// @end\n";
  return os.str();
}

} // namespace wf
