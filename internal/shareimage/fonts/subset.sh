#!/bin/sh
# Re-creates the share image's bundled fonts (all SIL OFL 1.1) in this folder.
#
# Needs Debian's fonts-noto-core, fonts-noto-cjk and python3-fonttools
# (apt-get install -y fonts-noto-core fonts-noto-cjk python3-fonttools), and
# npm for Noto Emoji: Debian ships no monochrome emoji font, so the static
# Noto Emoji Bold comes from the @expo-google-fonts/noto-emoji package.
#
# Every font is subset with hinting dropped (the renderer does not hint);
# Noto Sans CJK (JP, Bold) keeps only the Han characters of GB 2312, JIS X 0208,
# Big5 level 1 and KS X 1001 (about 10,800 in common use for names), all Kana,
# all Hangul syllables and jamo, and CJK punctuation and full-width forms.
set -eu
cd "$(dirname "$0")"
PY=${PYTHON:-/usr/bin/python3}
NOTO=/usr/share/fonts/truetype/noto
CJK=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
EMOJI_PKG=@expo-google-fonts/noto-emoji@0.4.7

subset() { # in out [pyftsubset options...]
	in=$1 out=$2
	shift 2
	"$PY" -m fontTools.subset "$in" --output-file="$out" --no-hinting \
		--layout-features='*' --name-IDs='*' --notdef-outline "$@"
}

for f in NotoSans-Bold NotoSansArabic-Bold NotoSansHebrew-Bold NotoSansSymbols-Bold NotoSansSymbols2-Regular; do
	subset "$NOTO/$f.ttf" "$f.ttf" --unicodes='*'
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$PY" - >"$tmp/cjk.txt" <<'PYEOF'
def dbcs(codec, lead, trail):
    out = set()
    for a in lead:
        for b in trail:
            try:
                ch = bytes([a, b]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                out.add(ord(ch))
    return out

def han(s):
    return {c for c in s if 0x3400 <= c <= 0x9FFF or 0xF900 <= c <= 0xFAFF}

rows = range(0xA1, 0xFF)
big5_trail = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
chars = (han(dbcs("gb2312", rows, rows)) | han(dbcs("euc_jp", rows, rows))
         | han(dbcs("big5", range(0xA4, 0xC7), big5_trail)) | han(dbcs("euc_kr", rows, rows)))
for lo, hi in [(0x1100, 0x11FF), (0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x33FF),
               (0xAC00, 0xD7A3), (0xFF00, 0xFFEF)]:
    chars |= set(range(lo, hi + 1))
print(",".join("%04X" % c for c in sorted(chars)))
PYEOF
subset "$CJK" NotoSansCJKjp-Bold.otf --font-number=0 --unicodes-file="$tmp/cjk.txt"

(cd "$tmp" && npm pack --silent "$EMOJI_PKG" >/dev/null && tar xzf ./*.tgz)
subset "$tmp/package/700Bold/NotoEmoji_700Bold.ttf" NotoEmoji-Bold.ttf --unicodes='*'
