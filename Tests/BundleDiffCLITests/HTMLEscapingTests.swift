@testable import Reporters
import Testing
import TextSafety

/// What `HTMLEscaping` does to every character class it treats specially.
@Suite struct HTMLEscapingTests {
    @Test func markupCharactersBecomeReferences() {
        #expect(HTMLEscaping.text("<a href='x' title=\"y\">&amp;</a>")
            == "&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;amp;&lt;/a&gt;")
        #expect(HTMLEscaping.attribute("\" onmouseover='alert(1)") == "&quot; onmouseover=&#39;alert(1)")
    }

    @Test func controlsAndDirectionControlsAreShownNotApplied() {
        #expect(HTMLEscaping.text("a\nb\tc\r") == #"a<span class="esc">\n</span>b<span class="esc">\t</span>c<span class="esc">\r</span>"#)
        #expect(HTMLEscaping.attribute("a\u{202E}b\u{2067}c\u{200F}\u{0}") == #"a\u{202e}b\u{2067}c\u{200f}\u{0}"#)
        for value: UInt32 in [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069, 0x7F, 0x85] {
            #expect(VisibleText.isHidden(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        #expect(!VisibleText.isHidden("a") && !VisibleText.isHidden("é") && !VisibleText.isHidden("ع"))
    }

    @Test func ordinaryTextIsUntouched() {
        #expect(HTMLEscaping.text("Réglages 設定 مرحبا") == "Réglages 設定 مرحبا")
        #expect(HTMLEscaping.isolated("ar.lproj/مرحبا") == "<bdi>ar.lproj/<wbr>مرحبا</bdi>")
        #expect(HTMLEscaping.path("a/<b>") == "a/<wbr>&lt;b&gt;")
    }

    @Test func pathDescriptionEscapesAreMarked() {
        #expect(HTMLEscaping.path(#"x\u{202e}y\xFFz"#) == #"x<span class="esc">\u{202e}</span>y<span class="esc">\xFF</span>z"#)
        #expect(HTMLEscaping.path(#"back\\slash \u{} \x4"#) == #"back\\slash \u{} \x4"#)
    }
}
