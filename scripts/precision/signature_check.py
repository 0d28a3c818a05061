#!/usr/bin/env python3
"""Independent check of the binary and signature diff rules on the precision reports.

For each report of run.py, every Mach-O file at the same path in the old and new build is read
with macholib (load commands) and struct (CodeDirectory flags, CMS blob); shares no code with
bundlediff. Prints what binary.uuid-unchanged, binary.encryption-changed, signature.became-ad-hoc
and signature.hardened-runtime-dropped should find, and counts.

Usage: python3 scripts/precision/signature_check.py /tmp/reports
"""
import collections, glob, json, os, struct, sys, tempfile, zipfile

from macholib.MachO import MachO
from macholib.mach_o import LC_UUID, LC_SEGMENT, LC_SEGMENT_64, LC_ENCRYPTION_INFO, LC_ENCRYPTION_INFO_64, LC_CODE_SIGNATURE


def files(ref):
    out={}
    if os.path.isfile(ref) and zipfile.is_zipfile(ref):
        z=zipfile.ZipFile(ref)
        for n in z.namelist():
            if n.endswith('/'): continue
            b=z.read(n)
            if b[:4] in (b'\xcf\xfa\xed\xfe',b'\xce\xfa\xed\xfe',b'\xca\xfe\xba\xbe'): out[n.split('/',1)[-1] if '/' in n else n]=b
    else:
        root=ref
        for dp,dn,fn in os.walk(root):
            for f in fn:
                p=os.path.join(dp,f)
                if os.path.islink(p): continue
                with open(p,'rb') as fh: h=fh.read(4)
                if h in (b'\xcf\xfa\xed\xfe',b'\xce\xfa\xed\xfe',b'\xca\xfe\xba\xbe'):
                    out[os.path.relpath(p,root)]=open(p,'rb').read()
    return out
def facts(b):
    t=tempfile.NamedTemporaryFile(delete=False); t.write(b); t.close()
    try: m=MachO(t.name)
    except Exception as e: return None
    res={}
    for h in m.headers:
        arch=(h.header.cputype,h.header.cpusubtype&0xffffff)
        uuid=None; segs=[]; crypt=None; sig=None
        for lc,cmd,data in h.commands:
            if lc.cmd==LC_UUID: uuid=bytes(cmd.uuid).hex()
            elif lc.cmd in (LC_SEGMENT,LC_SEGMENT_64):
                name=cmd.segname.rstrip(b'\0').decode()
                if name!='__LINKEDIT': segs.append((name,cmd.vmsize,cmd.filesize))
            elif lc.cmd in (LC_ENCRYPTION_INFO,LC_ENCRYPTION_INFO_64): crypt=cmd.cryptid
            elif lc.cmd==LC_CODE_SIGNATURE:
                off=h.offset+cmd.dataoff; blob=b[off:off+cmd.datasize]
                if len(blob)>=12 and blob[:4]==b'\xfa\xde\x0c\xc0':
                    n=struct.unpack('>I',blob[8:12])[0]; flags=None; cms=False; team=False
                    for i in range(min(n,64)):
                        typ,o=struct.unpack('>II',blob[12+8*i:20+8*i])
                        mg,ln=struct.unpack('>II',blob[o:o+8])
                        if typ==0 and mg==0xfade0c02:
                            flags=struct.unpack('>I',blob[o+12:o+16])[0]
                            ver=struct.unpack('>I',blob[o+8:o+12])[0]
                            if ver>=0x20200: team=struct.unpack('>I',blob[o+48:o+52])[0]!=0
                        if typ==0x10000 and mg==0xfade0b01: cms=ln>8
                    sig=(flags,cms,team)
        res[arch]=dict(uuid=uuid,segs=segs,crypt=crypt,sig=sig)
    return res
stats=collections.Counter()
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.json')), key=lambda p:int(p.split('/')[-1][:-5])):
    d=json.load(open(f))
    o=files(d['old']['reference']); n=files(d['new']['reference'])
    for p in sorted(set(o)&set(n)):
        stats['same-path mach-o pairs']+=1
        fo,fn=facts(o[p]),facts(n[p])
        if not fo or not fn: stats['unreadable']+=1; continue
        same_bytes=o[p]==n[p]
        for a in set(fo)&set(fn):
            x,y=fo[a],fn[a]
            if x['uuid'] and x['uuid']==y['uuid'] and not same_bytes:
                stats['same uuid, bytes differ']+=1
                if x['segs']!=y['segs']: stats['same uuid, code segments differ']+=1; print('UUID', f, p, a)
            if (x['crypt'] or 0)!=(y['crypt'] or 0): stats['cryptid flip']+=1; print('CRYPT',f,p)
            if x['sig'] and x['sig'][1] and not (x['sig'][0] or 0)&2:
                stats['old certificate-signed']+=1
                if not y['sig'] or not y['sig'][1] or (y['sig'][0] or 0)&2: stats['-> adhoc/unsigned']+=1; print('ADHOC',f,p)
                elif (x['sig'][0] or 0)&0x10000 and not (y['sig'][0] or 0)&0x10000: stats['runtime dropped']+=1; print('RT',f,p)
print(dict(stats))
