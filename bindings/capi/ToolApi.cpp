//===- ToolApi.cpp - C API: version, compile cache, the tools -------------===//
#include "bindings/capi/Handles.h"
#include "bindings/load/CompileCache.h"
#include "tools/ToolMains.h"

#ifndef WARPFORTH_VERSION
#define WARPFORTH_VERSION "unknown"
#endif

extern "C" {

const char *wf_version(void) { return WARPFORTH_VERSION; }

const char *wf_compiler_id(void) { return wf::cache::compilerId().c_str(); }

void wf_cache_get_stats(wf_cache_stats *stats) {
  if (!stats)
    return;
  wf::cache::Stats s = wf::cache::stats();
  stats->hits = s.hits;
  stats->misses = s.misses;
  stats->stores = s.stores;
  stats->corrupt = s.corrupt;
}

const char *wf_cache_dir(void) {
  static thread_local std::string dir;
  dir = wf::cache::directory();
  return dir.c_str();
}

int wf_tool_main(int tool, int argc, char **argv) {
  switch (tool) {
  case WF_TOOL_WARPFORTHC:
    return wf::tools::warpforthcMain(argc, argv);
  case WF_TOOL_WARPFORTH_RUN:
    return wf::tools::warpforthRunMain(argc, argv);
  default:
    wf::capi::setLastError("wf_tool_main: tool " + std::to_string(tool) +
                           ": expected 1 (warpforthc) or 2 (warpforth-run)");
    return -1;
  }
}

} // extern "C"
