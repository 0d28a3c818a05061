"""Old-style `.strings` tables and printf conversions, written from Apple's documentation for
the precision check. Independent of bundlediff (shares no code).
"""
import codecs


class StringsError(Exception):
    def __init__(self, line, why):
        super().__init__(f"line {line}: {why}")
        self.line = line


def decode(data):
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8")
    if data.startswith(codecs.BOM_UTF16_LE) or data.startswith(codecs.BOM_UTF16_BE):
        return data.decode("utf-16")
    if len(data) >= 2 and data[1] == 0 and data[0] != 0:
        return data.decode("utf-16-le")
    if len(data) >= 2 and data[0] == 0 and data[1] != 0:
        return data.decode("utf-16-be")
    return data.decode("utf-8")


def parse_strings(data):
    """{key: value}, or raises StringsError with the line, as CoreFoundation's parser would refuse."""
    text = decode(data)
    i, n, out = 0, len(text), {}

    def line():
        return text.count("\n", 0, i) + 1

    def skip():
        nonlocal i
        while i < n:
            if text[i].isspace():
                i += 1
            elif text.startswith("//", i):
                j = text.find("\n", i)
                i = n if j < 0 else j + 1
            elif text.startswith("/*", i):
                j = text.find("*/", i + 2)
                if j < 0:
                    raise StringsError(line(), "unterminated comment")
                i = j + 2
            else:
                return

    def token():
        nonlocal i
        if i < n and text[i] in "\"'":
            quote, i, buf = text[i], i + 1, []
            while i < n and text[i] != quote:
                if text[i] == "\\" and i + 1 < n:
                    c = text[i + 1]
                    i += 2
                    if c in "Uu":
                        hexa = text[i:i + 4]
                        buf.append(chr(int(hexa, 16)))
                        i += 4
                    elif c in "01234567":
                        j = i - 1
                        while j < n and j < i + 2 and text[j] in "01234567":
                            j += 1
                        buf.append(chr(int(text[i - 1:j], 8)))
                        i = j
                    else:
                        buf.append({"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f",
                                    "v": "\v"}.get(c, c))
                else:
                    buf.append(text[i])
                    i += 1
            if i >= n:
                raise StringsError(line(), "unterminated string")
            i += 1
            return "".join(buf)
        start = i
        while i < n and (text[i].isalnum() or text[i] in "_$+/:.-"):
            i += 1
        if i == start:
            raise StringsError(line(), f"unexpected {text[i]!r}" if i < n else "unexpected end")
        return text[start:i]

    skip()
    while i < n:
        if text[i] == ";":
            # CoreFoundation stops at a stray ';': harmless at the end, but it drops every
            # entry after it, so a table that goes on does not load as written.
            i += 1
            skip()
            if i < n:
                raise StringsError(line(), "entries after a stray ';' are never loaded")
            break
        key = token()
        skip()
        if i < n and text[i] == ";":
            out[key] = key
            i += 1
        elif i < n and text[i] == "=":
            i += 1
            skip()
            value = token()
            skip()
            if i < n and text[i] == ";":
                i += 1
            else:  # CoreFoundation refuses a missing ';', even after the last entry
                raise StringsError(line(), f"expected ';' after the value of {key!r}")
            out[key] = value
        else:
            raise StringsError(line(), f"expected '=' or ';' after {key!r}")
        skip()
    return out


CONVERSIONS = {"@": "object", "d": "int", "i": "int", "u": "int", "x": "int", "X": "int", "o": "int",
               "D": "int", "U": "int", "O": "int", "c": "char", "C": "char", "s": "cstring", "S": "cstring",
               "p": "pointer", "f": "float", "F": "float", "e": "float", "E": "float", "g": "float",
               "G": "float", "a": "float", "A": "float"}


def conversions(text, space_is_prose=True):
    """The arguments a String(format:) call reads, as {slot: kind}, or None when the text holds no
    conversion a team would format: a '%' followed by a space (`100% guaranteed`), by a digit and
    a space (`%0 cores`), or by anything that is no conversion is prose.

    With space_is_prose=False (a translation of a formatted reference: it IS formatted at run
    time) the space flag counts as Foundation reads it: `% @` is an object, `50 % de` an int."""
    slots, nxt, i, n, real = {}, 1, 0, len(text), False
    while i < n:
        if text[i] != "%":
            i += 1
            continue
        j = i + 1
        if j < n and text[j] == "%":
            i = j + 1
            continue
        pos = None
        k = j
        while k < n and text[k].isdigit():
            k += 1
        if k < n and k > j and text[k] == "$":
            pos, j = int(text[j:k]), k + 1
        while j < n and text[j] in ("-+#0'" if space_is_prose else "-+#0' "):
            j += 1
        if j < n and text[j] == " " and space_is_prose:
            i = j
            continue  # a space flag: prose, never in strings a team formats
        while j < n and (text[j].isdigit() or text[j] == "*"):
            j += 1
        if j < n and text[j] == ".":
            j += 1
            while j < n and (text[j].isdigit() or text[j] == "*"):
                j += 1
        while j < n and text[j] in "hlqLztj":
            j += 1
        if j < n and text[j] == "#" and "@" in text[j + 1:]:
            # a .stringsdict variable `%#@name@` (or `%1#@name@`): one argument, resolved by the rule
            end = text.index("@", text.index("@", j) + 1) if text.count("@", j) >= 2 else n
            slot = pos if pos is not None else nxt
            if pos is None:
                nxt += 1
            slots[slot] = "variable"
            real = True
            i = end + 1
            continue
        if j < n and text[j] in CONVERSIONS:
            slot = pos if pos is not None else nxt
            if pos is None:
                nxt += 1
            slots[slot] = CONVERSIONS[text[j]]
            real = True
            i = j + 1
            continue
        i = j if j > i + 1 else i + 1
    return slots if real else None
