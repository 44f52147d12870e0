//! The page's languages: every Fluent file of `serve/page/locales/` parses,
//! every language has exactly English's messages with the same variables,
//! every message the page names exists, and a request gets the language
//! its cookie or its `Accept-Language` asks for.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use fluent_syntax::ast;
use http_body_util::BodyExt;
use serve::game::Reason;
use serve::locale::{self, LANGUAGES};
use serve::page::FILES;
use serve::tables::table;
use serve::{router, Config, Server};
use std::collections::{BTreeMap, BTreeSet};
use tower::ServiceExt;

/// A message's shape: whether it has a value, and the variables of its
/// value and of each attribute.
#[derive(Debug, PartialEq)]
struct Shape {
    value: Option<BTreeSet<String>>,
    attributes: BTreeMap<String, BTreeSet<String>>,
}

fn page_file(path: &str) -> &'static str {
    let file = FILES
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("{path} is not a file of the page"));
    std::str::from_utf8(file.bytes).expect("UTF-8")
}

fn variables_of_expression(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables_of_pattern(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_variables(i, out),
    }
}

fn inline_variables(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => variables_of_expression(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        _ => {}
    }
}

fn variables_of_pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            variables_of_expression(expression, out);
        }
    }
}

fn vars(p: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    variables_of_pattern(p, &mut out);
    out
}

/// Parses one language's file (failing on any syntax error) into its
/// messages' shapes.
fn messages(tag: &str) -> BTreeMap<String, Shape> {
    let text = page_file(&format!("/locales/{tag}/page.ftl"));
    let resource = fluent_syntax::parser::parse(text)
        .unwrap_or_else(|(_, errors)| panic!("locales/{tag}/page.ftl does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let shape = Shape {
                    value: m.value.as_ref().map(vars),
                    attributes: m
                        .attributes
                        .iter()
                        .map(|a| (a.id.name.to_string(), vars(&a.value)))
                        .collect(),
                };
                let duplicate = out.insert(m.id.name.to_string(), shape);
                assert!(duplicate.is_none(), "{tag}: {} twice", m.id.name);
            }
            ast::Entry::Junk { content } => panic!("{tag}: junk {content:?}"),
            _ => {}
        }
    }
    out
}

#[test]
fn every_language_has_exactly_the_english_messages_and_variables() {
    let english = messages("en");
    assert!(english.len() > 200, "only {} English messages", english.len());
    for language in LANGUAGES.iter().filter(|l| l.tag != "en") {
        let other = messages(language.tag);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}: missing {missing:?}", language.tag);
        assert!(extra.is_empty(), "{}: not in English {extra:?}", language.tag);
        for (id, shape) in &english {
            assert_eq!(&other[id], shape, "{}: {id} differs from English", language.tag);
        }
    }
}

#[test]
fn translations_write_latin_digits() {
    // Devanagari, Bengali and Telugu digits: the page writes 0-9 in every
    // language, as its clocks and scores do.
    let native = |c: char| matches!(c, '\u{966}'..='\u{96f}' | '\u{9e6}'..='\u{9ef}' | '\u{c66}'..='\u{c6f}');
    for language in LANGUAGES {
        let text = page_file(&format!("/locales/{}/page.ftl", language.tag));
        assert!(!text.chars().any(native), "{} writes native digits", language.tag);
    }
}

/// The ids in `text` after `marker` up to the next `"`.
fn ids_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    text.split(marker)
        .skip(1)
        .map(|rest| &rest[..rest.find('"').expect("a closing quote")])
        .collect()
}

/// The ids of the `t("...")` calls of a script (`t` alone, not the end
/// of a longer name such as `split("`).
fn t_calls(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("t(\"") {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '$') {
            continue;
        }
        let rest = &text[at + 3..];
        out.push(rest[..rest.find('"').expect("a closing quote")].to_string());
    }
    out
}

#[test]
fn every_message_the_page_names_exists_in_english() {
    let english = messages("en");
    let mut named: Vec<String> = ids_after(page_file("/"), "data-l10n-id=\"")
        .into_iter()
        .map(String::from)
        .collect();
    for script in FILES
        .iter()
        .filter(|f| f.path.ends_with(".js") && !f.path.starts_with("/vendor/"))
    {
        let text = std::str::from_utf8(script.bytes).unwrap();
        // t("id"), t("id", args): the ids written out in full; a call on
        // an id built from a prefix ("colour-" + color) is checked below.
        named.extend(t_calls(text).into_iter().filter(|id| !id.ends_with('-')));
    }
    // The ids the scripts build: colours, pieces, the ends of games, the
    // draws to claim, the review's marks, themes.
    for c in ["white", "black", "random"] {
        named.push(format!("colour-{c}"));
    }
    for p in ["king", "queen", "rook", "bishop", "knight", "pawn"] {
        named.push(format!("piece-{p}"));
    }
    for reason in all_reasons() {
        let tag = serde_json::to_value(reason).unwrap();
        named.push(format!("end-{}", tag.as_str().unwrap()));
    }
    // The refusals the page says from their codes (net.js errorText).
    for code in serve::server::ERROR_CODES {
        named.push(format!("error-{code}"));
    }
    // The games' notices (app.js says them from their codes).
    for kind in serve::notice::NOTICE_KINDS {
        named.push(format!("notice-{kind}"));
    }
    // The table for four's plies, moves' events and ends (fourhand.js
    // says them from the view's codes).
    for kind in table::PLY_KINDS {
        named.push(format!("fh-ply-{kind}"));
    }
    for (event, _, _) in table::MOVE_EVENTS {
        named.push(format!("fh-event-{event}"));
    }
    for kind in table::END_KINDS {
        named.push(format!("fh-end-{kind}"));
    }
    for id in [
        "claim-threefold",
        "claim-fifty",
        "mark-inaccuracy",
        "mark-mistake",
        "mark-blunder",
        "theme-wood",
        "set-shapes",
    ] {
        named.push(id.to_string());
    }
    assert!(named.len() > 150, "only {} names found", named.len());
    for id in &named {
        assert!(
            english.contains_key(id),
            "the page names {id}, which en/page.ftl lacks"
        );
    }
    // And the scripts' own lists of those built ids name the same ones.
    let app = page_file("/app.js");
    assert!(app.contains("\"threefold-repetition\": \"claim-threefold\""));
}

/// Every reason a game ends for; the match makes a new reason a compile
/// error here, so that its message cannot be forgotten.
fn all_reasons() -> Vec<Reason> {
    let all = vec![
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::InsufficientMaterial,
        Reason::FivefoldRepetition,
        Reason::SeventyFiveMoves,
        Reason::ThreefoldRepetition,
        Reason::FiftyMoves,
        Reason::Resignation,
        Reason::Agreement,
        Reason::Timeout,
        Reason::TimeoutInsufficientMaterial,
        Reason::Aborted,
    ];
    for r in &all {
        match r {
            Reason::Checkmate
            | Reason::Stalemate
            | Reason::InsufficientMaterial
            | Reason::FivefoldRepetition
            | Reason::SeventyFiveMoves
            | Reason::ThreefoldRepetition
            | Reason::FiftyMoves
            | Reason::Resignation
            | Reason::Agreement
            | Reason::Timeout
            | Reason::TimeoutInsufficientMaterial
            | Reason::Aborted => {}
        }
    }
    all
}

#[test]
fn the_page_and_the_server_list_the_same_languages() {
    let script = page_file("/l10n.js");
    for language in LANGUAGES {
        assert!(
            script.contains(&format!("[\"{}\", \"{}\"]", language.tag, language.name)),
            "l10n.js lacks {} ({})",
            language.tag,
            language.name
        );
        // Each language's messages are a file of the page.
        page_file(&format!("/locales/{}/page.ftl", language.tag));
    }
}

#[test]
fn accept_language_picks_the_best_supported_language() {
    let pick = |h: &str| locale::choose(None, Some(h));
    // Exact tags and region subtags.
    assert_eq!(pick("bn"), "bn");
    assert_eq!(pick("bn-IN"), "bn");
    assert_eq!(pick("ne-NP,en;q=0.8"), "ne");
    assert_eq!(pick("TE-in"), "te");
    assert_eq!(pick("bho"), "bho");
    assert_eq!(pick("en-US,en;q=0.9"), "en");
    // Weights: the highest supported one wins, whatever the order.
    assert_eq!(pick("en;q=0.5, te;q=0.9"), "te");
    assert_eq!(pick("fr, de;q=0.9, ne;q=0.3, en;q=0.2"), "ne");
    assert_eq!(pick("en;q=0.8, bn;q=0.8"), "en", "the earlier among equals");
    // q=0 refuses a language.
    assert_eq!(pick("bn;q=0, ne;q=0.1"), "ne");
    assert_eq!(pick("te;q=0"), "en");
    // Hindi gets Bhojpuri, the Devanagari language of the page.
    assert_eq!(pick("hi-IN,hi;q=0.9,en;q=0.8"), "bho");
    assert_eq!(pick("en;q=0.9,hi"), "bho");
    // Unknown tags, wildcards and garbage fall back to English.
    assert_eq!(pick("fr-FR, de"), "en");
    assert_eq!(pick("*"), "en");
    assert_eq!(pick(""), "en");
    assert_eq!(pick(";;;,q=,=="), "en");
    assert_eq!(
        pick("bn;q=abc, ne;q=0.2"),
        "ne",
        "a weight that does not parse counts as 0"
    );
    assert_eq!(locale::choose(None, None), "en");
}

#[test]
fn the_menus_cookie_wins_over_accept_language() {
    assert_eq!(locale::choose(Some("daba-lang=te"), Some("bn")), "te");
    assert_eq!(locale::choose(Some("a=1; daba-lang=bho; b=2"), Some("en")), "bho");
    // A cookie naming no language of the page is passed over.
    assert_eq!(locale::choose(Some("daba-lang=xx"), Some("ne")), "ne");
    assert_eq!(locale::choose(Some("daba-lang=../en"), None), "en");
    assert_eq!(locale::choose(Some("other-lang=bn"), None), "en");
}

async fn get_page(headers: &[(header::HeaderName, &str)]) -> (String, axum::http::HeaderMap) {
    let app = router(
        Server::new(Config::default())
            .await
            .expect("an in-memory database"),
    );
    let mut request = Request::builder().uri("/").header(header::HOST, "localhost");
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    let response = app.oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (String::from_utf8(body.to_vec()).unwrap(), headers)
}

#[tokio::test]
async fn the_page_comes_in_the_requests_language() {
    let (html, headers) = get_page(&[(header::ACCEPT_LANGUAGE, "bn-IN,bn;q=0.9,en;q=0.8")]).await;
    assert!(html.contains("<html lang=\"bn\">"), "{}", &html[..200]);
    assert_eq!(headers[header::CONTENT_LANGUAGE], "bn");
    let vary = headers[header::VARY].to_str().unwrap();
    assert!(
        vary.contains("Accept-Language") && vary.contains("Cookie"),
        "{vary}"
    );

    let (html, _) = get_page(&[(header::ACCEPT_LANGUAGE, "bn"), (header::COOKIE, "daba-lang=ne")]).await;
    assert!(html.contains("<html lang=\"ne\">"));

    let (html, headers) = get_page(&[(header::ACCEPT_LANGUAGE, "fr")]).await;
    assert!(html.contains("<html lang=\"en\">"));
    assert_eq!(headers[header::CONTENT_LANGUAGE], "en");
}

#[tokio::test]
async fn every_language_file_is_served_as_text() {
    let app = router(
        Server::new(Config::default())
            .await
            .expect("an in-memory database"),
    );
    for language in LANGUAGES {
        let request = Request::builder()
            .uri(format!("/locales/{}/page.ftl", language.tag))
            .header(header::HOST, "localhost")
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{}", language.tag);
        assert!(response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/plain; charset=utf-8"));
    }
}
