#!/usr/bin/env python3
"""Every primitive (compiler/words/Primitives.def), control word and prelude
word (stdlib/prelude.forth) must appear in docs/language.md as `WORD`.
Prints the missing ones and 'N passed, M failed'."""
import re
import sys
from pathlib import Path

root = Path(sys.argv[1])
doc = (root / "docs" / "language.md").read_text()
words = re.findall(r'PRIMITIVE\(\w+, "([^"]+)"',
                   (root / "compiler" / "words" / "Primitives.def").read_text())
words += re.findall(r"^:\s+(\S+)", (root / "stdlib" / "prelude.forth").read_text(),
                    re.MULTILINE)
words += ["IF", "ELSE", "THEN", "BEGIN", "UNTIL", "WHILE", "REPEAT", "AGAIN",
          "DO", "?DO", "LOOP", "+LOOP", "LEAVE", "UNLOOP", "EXIT", "UNROLL",
          "CONSTANT", "INCLUDE", "TO", "RECURSE"]
missing = [w for w in words if f"`{w}`" not in doc]
for w in missing:
    print(f"missing from docs/language.md: `{w}`")
print(f"{len(words) - len(missing)} passed, {len(missing)} failed")
sys.exit(1 if missing else 0)
