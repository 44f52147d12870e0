//! serve's integration tests, one test binary with a module for each file:
//! linked once instead of seven times, which takes minutes off every test
//! build (`cargo test -p serve --test integration store` runs one file's).

mod common;

mod accounts;
mod api;
mod instances;
mod locales;
mod site;
mod store;
mod tables;
