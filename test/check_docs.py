#!/usr/bin/env python3
"""docs/language.md against the word tables, which are the source of truth:
every primitive (compiler/words/Primitives.def), syntax word
(compiler/words/Syntax.def) and prelude word (stdlib/prelude.forth) must
appear in the docs as `WORD`, and where the docs give a primitive's or a
prelude word's stack effect in a table row (| `WORD` | `( ... )` | ...), it
must be the table's effect (the prelude's is the comment after its name).
Prints each difference and 'N passed, M failed'; exits 1 on any."""
import re
import sys
from pathlib import Path

root = Path(sys.argv[1])
doc = (root / "docs" / "language.md").read_text()
words_dir = root / "compiler" / "words"

effects = {}  # word -> stack effect, from the tables
for name, effect in re.findall(r'^PRIMITIVE\(\w+, "((?:[^"\\]|\\.)*)", "([^"]*)"',
                               (words_dir / "Primitives.def").read_text(),
                               re.MULTILINE):
    effects[name.replace('\\"', '"').replace("\\\\", "\\")] = effect
prelude = (root / "stdlib" / "prelude.forth").read_text()
for name, effect in re.findall(r"^:\s+(\S+)\s+(\([^)]*\))", prelude,
                               re.MULTILINE):
    effects[name] = effect
syntax = re.findall(r'^(?:CONTROL|SYNTAX)_WORD\(\w+, "([^"]+)"\)',
                    (words_dir / "Syntax.def").read_text(), re.MULTILINE)
words = list(effects) + syntax
words += re.findall(r"^:\s+(\S+)", prelude, re.MULTILINE)
words = list(dict.fromkeys(words))


def norm(effect):
    return " ".join(effect.split())


documented = {}  # word -> effect given in a docs table row
for word, effect in re.findall(r"^\|\s*`([^`]+)`\s*\|\s*`(\([^`]*\))`",
                               doc, re.MULTILINE):
    documented.setdefault(word, effect.replace("\\|", "|"))

failures = []
for w in words:
    if f"`{w}`" not in doc:
        failures.append(f"missing from docs/language.md: `{w}`")
    elif w in effects and w in documented and \
            norm(documented[w]) != norm(effects[w]):
        failures.append(f"stack effect of `{w}` differs: docs/language.md "
                        f"says `{documented[w]}`, the table "
                        f"`{effects[w]}`")
for f in failures:
    print(f)
print(f"{len(words) - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
