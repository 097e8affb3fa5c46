#!/usr/bin/env bash
# pdf-fonts.sh rebuilds adapters/pdf/fonts/ from pinned npm packages of Google's Noto TrueType files.
# The output is committed; the server embeds it, so neither builds nor tests run this script.
#
# Needs npm (the registry) and fontTools (Debian: apt-get install python3-fonttools).
# Each face is cut to the blocks the PDFs print and loses hinting and OpenType layout tables, which
# go-pdf/fpdf does not use; the per-document subset is made at render time (adapters/pdf/sfnt.go).
set -euo pipefail
SCRIPT_NAME=pdf-fonts
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."

out=adapters/pdf/fonts
python=/usr/bin/python3
"$python" -c 'import fontTools' 2>/dev/null || die "fontTools missing: apt-get install python3-fonttools"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Package versions are pinned so that the committed files can be reproduced.
packages=(
	@expo-google-fonts/noto-sans@0.4.2
	@expo-google-fonts/noto-serif@0.4.2
	@expo-google-fonts/noto-sans-mono@0.4.2
	@expo-google-fonts/noto-sans-arabic@0.4.3
	@expo-google-fonts/noto-sans-sc@0.4.3
)
for p in "${packages[@]}"; do
	name=${p#@expo-google-fonts/}
	name=${name%@*}
	mkdir -p "$work/$name"
	(cd "$work" && npm pack --silent "$p" >/dev/null)
	tar xzf "$work"/expo-google-fonts-"$name"-*.tgz -C "$work/$name"
done

# Printable BMP text for the Latin, Greek and Cyrillic faces (fpdf addresses the BMP only).
bmp=U+0020-007E,U+00A0-FFFD
arabic=U+0600-06FF,U+0750-077F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFF
# CJK punctuation, kana, ideographs (URO, extension A, compatibility) and full-width forms.
cjk=U+3000-303F,U+3040-30FF,U+31F0-31FF,U+3400-4DBF,U+4E00-9FFF,U+F900-FAFF,U+FF00-FFEF

subset() { # subset PACKAGE FILE UNICODES OUTPUT
	"$python" -m fontTools.subset "$work/$1/package/$2" --unicodes="$3" --output-file="$out/$4" \
		--no-hinting --notdef-outline --name-IDs=0,1,2,3,4,5,6,13,14 \
		--drop-tables+=GSUB,GPOS,GDEF,STAT,BASE,vhea,vmtx,gasp
}

rm -f "$out"/*.ttf
mkdir -p "$out"
subset noto-sans 400Regular/NotoSans_400Regular.ttf "$bmp" NotoSans-Regular.ttf
subset noto-sans 700Bold/NotoSans_700Bold.ttf "$bmp" NotoSans-Bold.ttf
subset noto-sans 400Regular_Italic/NotoSans_400Regular_Italic.ttf "$bmp" NotoSans-Italic.ttf
subset noto-serif 700Bold/NotoSerif_700Bold.ttf "$bmp" NotoSerif-Bold.ttf
subset noto-serif 400Regular_Italic/NotoSerif_400Regular_Italic.ttf "$bmp" NotoSerif-Italic.ttf
subset noto-sans-mono 400Regular/NotoSansMono_400Regular.ttf U+0020-007E NotoSansMono-Regular.ttf
subset noto-sans-arabic 400Regular/NotoSansArabic_400Regular.ttf "$arabic" NotoSansArabic-Regular.ttf
subset noto-sans-arabic 700Bold/NotoSansArabic_700Bold.ttf "$arabic" NotoSansArabic-Bold.ttf
subset noto-sans-sc 400Regular/NotoSansSC_400Regular.ttf "$cjk" NotoSansSC-Regular.ttf

cp "$work/noto-sans/package/LICENSE_FONT" "$out/OFL-NotoSans.txt"
cp "$work/noto-sans-arabic/package/LICENSE_FONT" "$out/OFL-NotoSansArabic.txt"
cp "$work/noto-sans-sc/package/LICENSE_FONT" "$out/OFL-NotoSansSC.txt"
log "wrote $(du -sh "$out" | cut -f1) to $out"
