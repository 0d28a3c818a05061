# Writes the small zip seeds of ZipFuzz: python3 Fuzz/make_zip_seeds.py Fuzz/seeds/zip
import zipfile, io, struct, sys, os
out = sys.argv[1]
info = b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.seed</string><key>CFBundleVersion</key><string>1</string></dict></plist>\n'
strings = '"hello" = "Hallo";\n'.encode('utf-16')
def write(name, build, **kw):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, 'w', **kw) as z:
        build(z)
    data = buf.getvalue()
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)
    print(name, len(data))
def symlink(z, name, target):
    zi = zipfile.ZipInfo(name)
    zi.create_system = 3
    zi.external_attr = (0o120777 << 16)
    z.writestr(zi, target)
def ipa(z):
    z.writestr('Payload/', b'')
    z.writestr('Payload/Seed.app/Info.plist', info, compress_type=zipfile.ZIP_DEFLATED)
    z.writestr('Payload/Seed.app/en.lproj/Localizable.strings', strings, compress_type=zipfile.ZIP_STORED)
    zi = zipfile.ZipInfo('Payload/Seed.app/Seed'); zi.create_system = 3; zi.external_attr = (0o100755 << 16)
    z.writestr(zi, b'\xcf\xfa\xed\xfe' + b'\0' * 60, compress_type=zipfile.ZIP_DEFLATED)
    symlink(z, 'Payload/Seed.app/link', 'en.lproj')
write('seed-ipa.ipa', ipa)
def appzip(z):
    z.writestr('Seed.app/Contents/Info.plist', info, compress_type=zipfile.ZIP_DEFLATED)
    z.writestr('Seed.app/Contents/Resources/a.txt', b'a' * 300, compress_type=zipfile.ZIP_DEFLATED)
    z.writestr('__MACOSX/._Seed.app', b'junk')
write('seed-app.zip', appzip)
def zip64(z):
    z.writestr('Payload/Seed.app/Info.plist', info, compress_type=zipfile.ZIP_DEFLATED)
    z.writestr('Payload/Seed.app/empty', b'')
write('seed-zip64.ipa', zip64, allowZip64=True)
# Force Zip64 records by using a stream with zip64 forced on each entry.
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    with z.open(zipfile.ZipInfo('Payload/Seed.app/Info.plist'), 'w', force_zip64=True) as f:
        f.write(info)
open(os.path.join(out, 'seed-forced-zip64.ipa'), 'wb').write(buf.getvalue())
print('seed-forced-zip64.ipa', len(buf.getvalue()))
def bomb(z):
    z.writestr('Payload/Seed.app/Info.plist', info)
    z.writestr('Payload/Seed.app/zeros', b'\0' * 200000, compress_type=zipfile.ZIP_DEFLATED)
write('seed-zeros.ipa', bomb)
