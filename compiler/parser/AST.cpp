//===- AST.cpp - Printing the AST for --emit ast --------------------------===//
#include "compiler/parser/AST.h"

#include <sstream>

namespace wf {

static void printItem(std::ostringstream &os, const Program &program,
                      const WordDef &def, const Item &item) {
  os << "  " << item.loc.line << ":" << item.loc.col << " ";
  switch (item.kind) {
  case ItemKind::IntLiteral:
    os << "int " << item.intValue;
    break;
  case ItemKind::FloatLiteral: {
    std::ostringstream f;
    f.precision(17);
    f << item.floatValue;
    os << "float " << f.str();
    break;
  }
  case ItemKind::Primitive:
    os << "prim " << primitiveName(item.prim);
    break;
  case ItemKind::Call:
    os << "call " << program.words[item.index].name;
    break;
  case ItemKind::Control:
    os << "control " << (item.unroll ? "UNROLL " : "")
       << controlWordName(item.control);
    break;
  case ItemKind::LocalsDecl:
    os << "locals";
    for (unsigned i = 0; i < item.count + item.zeroInit; ++i) {
      if (i == item.count)
        os << " |";
      os << " " << def.locals[item.index + i];
    }
    break;
  case ItemKind::LocalGet:
    os << "local " << def.locals[item.index];
    break;
  case ItemKind::LocalSet:
    os << "to " << def.locals[item.index];
    break;
  case ItemKind::ParamRef:
    os << "param " << program.header.params[item.index].name;
    break;
  case ItemKind::SharedRef:
    os << "shared " << program.header.shared[item.index].name;
    break;
  case ItemKind::RegGet:
    os << "reg@ " << program.header.regs[item.index].name;
    break;
  case ItemKind::RegSet:
    os << "reg! " << program.header.regs[item.index].name;
    break;
  }
  os << "\n";
}

std::string printAST(const Program &program) {
  std::ostringstream os;
  const KernelHeader &h = program.header;
  os << "kernel " << h.name << " float " << floatModeName(h.floatMode)
     << (h.pdl ? " pdl" : "") << "\n";
  for (const ParamDecl &p : h.params) {
    os << "  param " << p.name << " " << elemTypeName(p.type);
    if (p.isArray) {
      os << "[" << p.size << "]";
      if (p.sizeValue)
        os << " = " << *p.sizeValue;
    }
    os << "\n";
  }
  for (const SharedDecl &s : h.shared) {
    os << "  shared " << s.name << " " << elemTypeName(s.type) << "[";
    if (s.dynamic)
      os << "] (sized at launch)";
    else
      os << s.count << "]";
    os << " offset " << s.byteOffset << "\n";
  }
  for (const RegDecl &r : h.regs)
    os << "  reg " << r.name << " " << elemTypeName(r.type) << "[" << r.count
       << "]\n";
  for (const ConstDecl &c : h.consts) {
    os << "  const " << c.name << " ";
    if (c.isFloat)
      os << c.floatValue;
    else
      os << c.intValue;
    os << "\n";
  }
  for (const WordDef &w : program.words) {
    // Prelude words are the same for every kernel; print only the user's.
    if (w.fromPrelude)
      continue;
    os << "word " << w.name << "\n";
    for (const Item &item : w.body)
      printItem(os, program, w, item);
  }
  os << "body\n";
  for (const Item &item : program.kernel.body)
    printItem(os, program, program.kernel, item);
  return os.str();
}

} // namespace wf
