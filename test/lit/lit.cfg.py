# lit configuration for WarpForth's stage tests (test/lit/<stage>/...).
import os
import lit.formats

config.name = "WarpForth"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".forth"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]

config.substitutions.append(("%warpforth-run", config.warpforth_run))
config.substitutions.append(("%warpforth-flash", config.warpforth_flash))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%not", config.not_tool))
config.substitutions.append(("%srcroot", config.source_root))
# %ptxas-verify FILE: assembles PTX for sm_90 when ptxas is installed, and
# otherwise only checks that the file is there.
ptxas = config.ptxas if config.ptxas and "NOTFOUND" not in config.ptxas else ""
if ptxas:
    config.substitutions.append(
        ("%ptxas-verify", ptxas + " -arch=sm_90 -o /dev/null"))
    config.available_features.add("ptxas")
else:
    config.substitutions.append(("%ptxas-verify", "test -s"))
# %warpforthc checks every PTX it emits with ptxas (see the script).
config.substitutions.append(
    ("%warpforthc", os.path.join(config.test_source_root, "warpforthc-checked.sh")
     + " " + config.warpforthc + " '" + ptxas + "'"))
