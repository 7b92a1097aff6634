//===- entry.cpp - warpforth-run's entry point (the tool is main.cpp) -----===//
#include "tools/ToolMains.h"

int main(int argc, char **argv) {
  return wf::tools::warpforthRunMain(argc, argv);
}
