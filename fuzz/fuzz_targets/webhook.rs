//! libFuzzer's bytes as a webhook notification's JSON: every type decoded from
//! them must end as a value or an error.
#![no_main]

libfuzzer_sys::fuzz_target!(|body: &[u8]| parcel_desk::api::decode_any::webhook(body));
