//! The one-message functions against the RustCrypto crates, and the
//! panic messages of a length mismatch (a sentence naming the function,
//! the width and both lengths).

use sha2::Digest;

#[test]
fn one_message_functions_agree_with_rustcrypto() {
    for len in [0usize, 1, 31, 32, 33, 55, 56, 64, 65, 135, 136, 137, 1000] {
        let m: Vec<u8> = (0..len).map(|i| (i * 13 + len) as u8).collect();
        let sha: [u8; 32] = sha2::Sha256::digest(&m).into();
        assert_eq!(ripemd160mb::sha256_one(&m), sha, "{len}");
        let h160: [u8; 20] = ripemd::Ripemd160::digest(sha).into();
        assert_eq!(ripemd160mb::hash160_one(&m), h160, "{len}");
        let k: [u8; 32] = sha3::Keccak256::digest(&m).into();
        assert_eq!(ripemd160mb::keccak256_one(&m), k, "{len}");
    }
}

#[test]
#[should_panic(
    expected = "ripemd160mb::hash160: dst has room for 2 digests, so src must hold 2 messages of width 33 (66 bytes), but it holds 33 bytes"
)]
fn hash160_length_mismatch_names_function_width_and_lengths() {
    let mut d = [[0u8; 20]; 2];
    ripemd160mb::hash160(&mut d, &[0u8; 33], 33);
}

#[test]
#[should_panic(expected = "ripemd160mb::sha256_many: dst has room for 1 digest, but there are 2 messages")]
fn many_count_mismatch_names_function_and_lengths() {
    let mut d = [[0u8; 32]; 1];
    ripemd160mb::sha256_many(&mut d, &[b"a", b"b"]);
}

#[test]
#[should_panic(expected = "ripemd160mb::hash32_in_place: buf holds 33 bytes, not a multiple of the width 32")]
fn hash32_in_place_length_names_the_width() {
    ripemd160mb::hash32_in_place(&mut [0u8; 33]);
}

#[test]
#[should_panic(
    expected = "ripemd160mb::sha256d: dst has room for 2 digests, so src must hold 2 messages of width 64 (128 bytes), but it holds 64 bytes"
)]
fn sha256d_length_mismatch_names_function_width_and_lengths() {
    let mut d = [[0u8; 32]; 2];
    ripemd160mb::sha256d(&mut d, &[0u8; 64], 64);
}

#[test]
#[should_panic(expected = "ripemd160mb::sha256d_many: dst has room for 2 digests, but there is 1 message")]
fn sha256d_many_count_mismatch_names_function_and_lengths() {
    let mut d = [[0u8; 32]; 2];
    ripemd160mb::sha256d_many(&mut d, &[b"a"]);
}
