//===- main.cpp - warpforthc's entry point (the tool is warpforthc.cpp) ---===//
#include "tools/ToolMains.h"

int main(int argc, char **argv) { return wf::tools::warpforthcMain(argc, argv); }
