//===- ToolMains.h - The command-line tools as functions ------------------===//
//
// warpforthc and warpforth-run are these functions behind a main(); the C
// API runs them too (wf_tool_main), so that an installed Python package
// needs one copy of the compiler (libwarpforth.so, LLVM linked in) and
// two small launchers, not three statically linked programs.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_TOOLS_TOOLMAINS_H
#define WARPFORTH_TOOLS_TOOLMAINS_H

namespace wf::tools {

int warpforthcMain(int argc, char **argv);
int warpforthRunMain(int argc, char **argv);

} // namespace wf::tools

#endif
