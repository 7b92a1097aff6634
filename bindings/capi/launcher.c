/* warpforthc or warpforth-run (WF_TOOL) of an installed Python package:
 * the tool runs in libwarpforth.so (wf_tool_main), found through the
 * RPATH $ORIGIN/.. (warpforth/bin/ -> warpforth/). */
#include "bindings/capi/warpforth_c.h"

int main(int argc, char **argv) { return wf_tool_main(WF_TOOL, argc, argv); }
