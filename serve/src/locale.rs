//! The page's languages: which one a request gets, and the page in it.
//!
//! The messages themselves are Project Fluent files, one folder per
//! language in `serve/page/locales/` (English, `en`, is the source); the
//! page formats them in the browser with the official `@fluent/bundle`
//! (`serve/page/l10n.js`). The server only chooses the language: the
//! visitor's own choice (the page's language menu, kept in the
//! [`COOKIE`] cookie) first, else the best of the browser's
//! `Accept-Language`, else English; and it writes that choice into
//! `<html lang>`, which the page reads.

/// One language of the page.
pub struct Language {
    /// Its BCP 47 tag, also the name of its folder in `serve/page/locales/`.
    pub tag: &'static str,
    /// Its name in its own script, as the language menu shows it.
    pub name: &'static str,
}

/// The page's languages, English (the source, and the fallback) first.
/// A new language is a folder of `serve/page/locales/` plus a line here
/// and in `page.rs`'s file list.
pub const LANGUAGES: &[Language] = &[
    Language {
        tag: "en",
        name: "English",
    },
    Language {
        tag: "ne",
        name: "नेपाली",
    },
    Language {
        tag: "bn",
        name: "বাংলা",
    },
    Language {
        tag: "te",
        name: "తెలుగు",
    },
    // Bhojpuri written in Devanagari, as the site's users asked for it.
    Language {
        tag: "bho",
        name: "भोजपुरी",
    },
];

/// The language of a request that names none the page has.
pub const DEFAULT: &str = "en";

/// The cookie that keeps the language chosen in the page's menu.
pub const COOKIE: &str = "daba-lang";

/// The page's tag for a language tag from a browser, if the page has that
/// language: the primary subtag decides (`bn-IN` is `bn`, `en-GB` is
/// `en`), case aside.
///
/// `hi` (Hindi) gets Bhojpuri: no browser offers Bhojpuri as its own
/// language, so the Bhojpuri speakers who asked for the site run their
/// browsers in Hindi, and Devanagari Bhojpuri is the page a Hindi reader
/// reads most easily of the five (the same script, much shared
/// vocabulary); English, the alternative, is further from them.
pub fn supported(tag: &str) -> Option<&'static str> {
    let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    let primary = if primary == "hi" {
        "bho".to_string()
    } else {
        primary
    };
    LANGUAGES.iter().map(|l| l.tag).find(|&t| t == primary)
}

/// The best language of an `Accept-Language` header (RFC 9110, 12.5.4):
/// the supported range of the highest weight (`q`), the earlier among
/// equals; `q=0` means "not this one", `*` and unknown tags are passed
/// over. `None` when no range names a language of the page.
pub fn from_accept_language(header: &str) -> Option<&'static str> {
    let mut best: Option<(&'static str, f32)> = None;
    for range in header.split(',') {
        let mut parts = range.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let mut q = 1.0f32;
        for param in parts {
            if let Some((k, v)) = param.split_once('=') {
                if k.trim().eq_ignore_ascii_case("q") {
                    // A weight that does not parse makes the range worthless
                    // rather than the best.
                    q = v.trim().parse().unwrap_or(0.0);
                }
            }
        }
        // NaN and infinities are no weights either.
        if !q.is_finite() || q <= 0.0 || tag == "*" {
            continue;
        }
        if let Some(lang) = supported(tag) {
            if best.is_none_or(|(_, b)| q > b) {
                best = Some((lang, q));
            }
        }
    }
    best.map(|(lang, _)| lang)
}

/// The language chosen in the page's menu, from a `Cookie` header.
pub fn from_cookie(header: &str) -> Option<&'static str> {
    header.split(';').find_map(|pair| {
        let (name, value) = pair.split_once('=')?;
        if name.trim() != COOKIE {
            return None;
        }
        let value = value.trim();
        // Only the exact tags of the page: the cookie is ours to write.
        LANGUAGES.iter().map(|l| l.tag).find(|&t| t == value)
    })
}

/// The language of a request: the cookie's, else `Accept-Language`'s,
/// else [`DEFAULT`].
pub fn choose(cookie: Option<&str>, accept_language: Option<&str>) -> &'static str {
    cookie
        .and_then(from_cookie)
        .or_else(|| accept_language.and_then(from_accept_language))
        .unwrap_or(DEFAULT)
}

/// The page (`index.html`) in language `lang`: its `<html lang>` says it,
/// and the page's script loads that language's messages.
pub fn page_in(html: &str, lang: &str) -> String {
    html.replacen("<html lang=\"en\">", &format!("<html lang=\"{lang}\">"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_its_language_in_html_lang() {
        let page = crate::page::FILES.iter().find(|f| f.path == "/").unwrap();
        let html = std::str::from_utf8(page.bytes).unwrap();
        assert!(page_in(html, "bn").contains("<html lang=\"bn\">"));
        assert!(!page_in(html, "bn").contains("<html lang=\"en\">"));
    }
}
