#!/usr/bin/env python3
"""Writes NAME.expected.json for every corpus shader from its `// @expect` lines.

The static-use facts (which entry point uses which resource, and whether an f32
texture is sampled through a sampler) are written by hand in the shader's
header comment; this script only does the mechanical part that is easy to get
wrong by hand: the WGSL memory layout (WGSL #alignment-and-size,
#structure-member-layout), #minimum-buffer-binding-size, and the spelling of
the GPUBindGroupLayoutEntry dictionaries (WebGPU #default-pipeline-layout).

Annotation syntax (one line per entry point, in declaration order):

    // @expect NAME compute(X,Y,Z): res1, res2
    // @expect NAME vertex: res1
    // @expect NAME fragment: tex+, samp

A `+` after an f32 sampled texture means "used in a texture builtin call
together with a sampler by this entry point" (=> sampleType 'float').

Usage: gen_expected.py [--check] [FILES...]   (default: every *.wgsl here)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

SCALARS = {"f32", "i32", "u32", "f16", "bool"}
SHORT_VEC = {"f": "f32", "i": "i32", "u": "u32", "h": "f16"}


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)  # (no nesting in the corpus)
    return re.sub(r"//[^\n]*", "", src)


def split_top(s):
    """Split 'a, b<c, d>, e' at top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


class Module:
    def __init__(self, src):
        self.raw = src
        self.src = strip_comments(src)
        self.consts = {}
        self.aliases = {}
        self.structs = []  # (name, [(attrs, name, typetext)])
        self.struct_map = {}
        for m in re.finditer(r"\bconst\s+(\w+)\s*(?::\s*\w+\s*)?=\s*([0-9]+)[iu]?\s*;", self.src):
            self.consts[m.group(1)] = int(m.group(2))
        for m in re.finditer(r"\balias\s+(\w+)\s*=\s*([^;]+);", self.src):
            self.aliases[m.group(1)] = m.group(2).strip()
        for m in re.finditer(r"\bstruct\s+(\w+)\s*\{(.*?)\}", self.src, flags=re.S):
            members = []
            for part in split_top(m.group(2)):
                mm = re.match(r"((?:@\w+(?:\([^)]*\))?\s*)*)(\w+)\s*:\s*(.+)$", part.strip(), flags=re.S)
                if not mm:
                    raise ValueError("cannot parse member %r of %s" % (part, m.group(1)))
                attrs = dict(
                    (a.group(1), a.group(2)) for a in re.finditer(r"@(\w+)(?:\(([^)]*)\))?", mm.group(1))
                )
                members.append((attrs, mm.group(2), " ".join(mm.group(3).split())))
            self.structs.append((m.group(1), members))
            self.struct_map[m.group(1)] = members

    def value(self, text):
        """Integer const-expression: literals, module-scope integer consts, + - * / % ( )."""
        text = text.strip()
        m = re.fullmatch(r"([0-9]+)[iu]?", text)
        if m:
            return int(m.group(1))
        if text in self.consts:
            return self.consts[text]
        expr = re.sub(r"\b([0-9]+)[iu]\b", r"\1", text)
        expr = re.sub(r"\b[A-Za-z_]\w*\b",
                      lambda mm: str(self.consts[mm.group(0)]) if mm.group(0) in self.consts else "?",
                      expr)
        if not re.fullmatch(r"[0-9+\-*/%() ]+", expr):
            raise ValueError("cannot evaluate %r" % text)
        return int(eval(expr.replace("/", "//")))

    # A type is (canonical text, kind, payload)
    def parse_type(self, t):
        t = " ".join(t.split())
        if t in self.aliases:
            return self.parse_type(self.aliases[t])
        if t in SCALARS:
            return ("scalar", t)
        m = re.fullmatch(r"vec([234])([fiuh])", t)
        if m:
            return ("vec", int(m.group(1)), ("scalar", SHORT_VEC[m.group(2)]))
        m = re.fullmatch(r"mat([234])x([234])([fh])", t)
        if m:
            return ("mat", int(m.group(1)), int(m.group(2)), ("scalar", SHORT_VEC[m.group(3)]))
        m = re.fullmatch(r"(\w+)\s*<(.*)>", t)
        if m:
            head, args = m.group(1), split_top(m.group(2))
            mv = re.fullmatch(r"vec([234])", head)
            if mv:
                return ("vec", int(mv.group(1)), self.parse_type(args[0]))
            mm = re.fullmatch(r"mat([234])x([234])", head)
            if mm:
                return ("mat", int(mm.group(1)), int(mm.group(2)), self.parse_type(args[0]))
            if head == "array":
                n = self.value(args[1]) if len(args) > 1 else None
                return ("array", self.parse_type(args[0]), n)
            if head == "atomic":
                return ("atomic", self.parse_type(args[0]))
            return ("handle", head, args)
        if t in self.struct_map:
            return ("struct", t)
        return ("handle", t, [])

    def canon(self, ty):
        k = ty[0]
        if k == "scalar":
            return ty[1]
        if k == "vec":
            return "vec%d<%s>" % (ty[1], self.canon(ty[2]))
        if k == "mat":
            return "mat%dx%d<%s>" % (ty[1], ty[2], self.canon(ty[3]))
        if k == "array":
            if ty[2] is None:
                return "array<%s>" % self.canon(ty[1])
            return "array<%s, %d>" % (self.canon(ty[1]), ty[2])
        if k == "atomic":
            return "atomic<%s>" % self.canon(ty[1])
        if k == "struct":
            return ty[1]
        head, args = ty[1], ty[2]
        if not args:
            return head
        if head.startswith("texture_storage"):
            return "%s<%s, %s>" % (head, args[0], args[1])
        return "%s<%s>" % (head, ", ".join(self.canon(self.parse_type(a)) for a in args))

    # WGSL #alignment-and-size; runtime-sized arrays count one element.
    def align_size(self, ty):
        k = ty[0]
        if k == "scalar":
            return (2, 2) if ty[1] == "f16" else (4, 4)
        if k == "atomic":
            return (4, 4)
        if k == "vec":
            e = 2 if ty[2][1] == "f16" else 4
            n = ty[1]
            a = e * (2 if n == 2 else 4)
            return a, e * n
        if k == "mat":
            c, r = ty[1], ty[2]
            va, vs = self.align_size(("vec", r, ty[3]))
            return va, c * round_up(va, vs)
        if k == "array":
            ea, es = self.align_size(ty[1])
            n = 1 if ty[2] is None else ty[2]
            return ea, n * round_up(ea, es)
        if k == "struct":
            lay = self.struct_layout(ty[1])
            return lay["align"], lay["size"]
        raise ValueError("no layout for %r" % (ty,))

    def struct_layout(self, name):
        members = []
        offset = 0
        max_align = 1
        for attrs, mname, mtype in self.struct_map[name]:
            ty = self.parse_type(mtype)
            a, s = self.align_size(ty)
            if "align" in attrs:
                a = self.value(attrs["align"])
            if "size" in attrs:
                s = self.value(attrs["size"])
            offset = round_up(a, offset)
            members.append(
                {"name": mname, "type": self.canon(ty), "offset": offset, "size": s, "align": a}
            )
            offset += s
            max_align = max(max_align, a)
        return {"name": name, "size": round_up(max_align, offset), "align": max_align,
                "members": members}

    def resources(self):
        res = {}
        pat = re.compile(
            r"((?:@(?:group|binding)\s*\([^)]*\)\s*){2})var\s*(<[^>]*>)?\s*(\w+)\s*:\s*([^;=]+);"
        )
        for m in pat.finditer(self.src):
            g = re.search(r"@group\s*\(([^)]*)\)", m.group(1)).group(1)
            b = re.search(r"@binding\s*\(([^)]*)\)", m.group(1)).group(1)
            space = (m.group(2) or "").strip("<> ").replace(" ", "").split(",")
            name = m.group(3)
            res.setdefault(name, []).append(
                {"group": self.value(g), "binding": self.value(b), "space": space,
                 "ty": self.parse_type(m.group(4))}
            )
        return res


def round_up(k, n):
    return (n + k - 1) // k * k


VIEW = {"1d": "1d", "2d": "2d", "2d_array": "2d-array", "3d": "3d", "cube": "cube",
        "cube_array": "cube-array"}
SAMPLE = {"f32": "unfilterable-float", "i32": "sint", "u32": "uint"}
ACCESS = {"read": "read-only", "write": "write-only", "read_write": "read-write"}


def entry_json(mod, r, name, stage, filtered):
    ty = r["ty"]
    e = {"binding": r["binding"], "name": name, "type": mod.canon(ty),
         "visibility": [stage.upper()]}
    if ty[0] != "handle":
        space = r["space"]
        if space[0] == "uniform":
            btype = "uniform"
        elif space[0] == "storage":
            btype = "storage" if len(space) > 1 and space[1] == "read_write" else "read-only-storage"
        else:
            raise ValueError("resource %s in space %r" % (name, space))
        e["buffer"] = {"type": btype, "hasDynamicOffset": False,
                       "minBindingSize": mod.align_size(ty)[1]}
        return e
    head, args = ty[1], ty[2]
    if head == "sampler":
        e["sampler"] = {"type": "filtering"}
    elif head == "sampler_comparison":
        e["sampler"] = {"type": "comparison"}
    elif head == "texture_external":
        e["externalTexture"] = {}
    elif head.startswith("texture_storage_"):
        e["storageTexture"] = {"access": ACCESS[args[1].strip()], "format": args[0].strip(),
                               "viewDimension": VIEW[head[len("texture_storage_"):]]}
    elif head.startswith("texture_depth_multisampled_"):
        e["texture"] = {"sampleType": "depth", "viewDimension": "2d", "multisampled": True}
    elif head.startswith("texture_depth_"):
        e["texture"] = {"sampleType": "depth", "viewDimension": VIEW[head[len("texture_depth_"):]],
                        "multisampled": False}
    elif head.startswith("texture_multisampled_"):
        st = mod.canon(mod.parse_type(args[0]))
        e["texture"] = {"sampleType": SAMPLE[st], "viewDimension": "2d", "multisampled": True}
    elif head.startswith("texture_"):
        st = mod.canon(mod.parse_type(args[0]))
        sample = SAMPLE[st]
        if st == "f32" and filtered:
            sample = "float"
        e["texture"] = {"sampleType": sample, "viewDimension": VIEW[head[len("texture_"):]],
                        "multisampled": False}
    else:
        raise ValueError("unknown handle type %s" % head)
    if filtered and not (head.startswith("texture_") and "texture" in e
                         and e["texture"]["sampleType"] == "float"):
        raise ValueError("'+' on %s, which is not an f32 sampled texture" % name)
    return e


def expected(path):
    src = open(path, encoding="utf-8").read()
    mod = Module(src)
    res = mod.resources()
    eps = []
    decl_order = [m.group(2) for m in re.finditer(
        r"@(compute|vertex|fragment)\b[^{]*?\bfn\s+(\w+)", mod.src, flags=re.S)]
    for m in re.finditer(r"^//\s*@expect\s+(\w+)\s+(compute|vertex|fragment)"
                         r"(?:\((\w+),(\w+),(\w+)\))?\s*:(.*)$", src, flags=re.M):
        name, stage = m.group(1), m.group(2)
        ep = {"name": name, "stage": stage}
        if stage == "compute":
            if m.group(3) is None:
                raise ValueError("%s: compute entry %s needs (x,y,z)" % (path, name))
            ep["workgroupSize"] = [int(m.group(i)) for i in (3, 4, 5)]
        groups = {}
        for item in [x.strip() for x in m.group(6).split(",") if x.strip()]:
            filtered = item.endswith("+")
            rname = item.rstrip("+")
            if rname not in res:
                raise ValueError("%s: %s uses undeclared resource %s" % (path, name, rname))
            if len(res[rname]) != 1:
                raise ValueError("%s: resource name %s declared twice" % (path, rname))
            r = res[rname][0]
            entries = groups.setdefault(r["group"], [])
            if any(x["binding"] == r["binding"] for x in entries):
                raise ValueError("%s: %s uses @group(%d) @binding(%d) twice" %
                                 (path, name, r["group"], r["binding"]))
            entries.append(entry_json(mod, r, rname, stage, filtered))
        ep["groups"] = [{"group": g, "entries": sorted(groups[g], key=lambda x: x["binding"])}
                        for g in sorted(groups)]
        eps.append(ep)
    if [e["name"] for e in eps] != decl_order:
        raise ValueError("%s: @expect entries %s != declared entry points %s" %
                         (path, [e["name"] for e in eps], decl_order))
    structs = [mod.struct_layout(n) for n, _ in mod.structs]
    return {"entryPoints": eps, "structs": structs, "diagnostics": []}


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if not a.startswith("--")]
    if not files:
        files = sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".wgsl"))
    bad = 0
    for f in files:
        out = f[: -len(".wgsl")] + ".expected.json"
        text = json.dumps(expected(f), indent=2, ensure_ascii=False) + "\n"
        if check:
            if not os.path.exists(out) or open(out, encoding="utf-8").read() != text:
                print("stale:", out)
                bad = 1
        else:
            open(out, "w", encoding="utf-8").write(text)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
