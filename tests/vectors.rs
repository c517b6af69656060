//! The bundled vectors from independent implementations (OpenSSL,
//! pycryptodome, libsecp256k1), on every backend this CPU supports. The
//! secp256k1 public-key fixture (HASH160) is checked in tests/sha256.rs.

mod common;
use common::*;
use ripemd160mb::{hash32_with, ripemd160, Ripemd160};

#[test]
fn designers_vectors() {
    let rows = vectors("ripemd160-known.tsv");
    assert_eq!(rows.len(), 9);
    for row in rows {
        let msg = if row[0] == "a*1000000" { vec![b'a'; 1_000_000] } else { row[0].clone().into_bytes() };
        assert_eq!(ripemd160(&msg), unhex20(&row[1]), "message {:?}", row[0]);
        // The same through streaming in 997-byte pieces.
        let mut h = Ripemd160::new();
        msg.chunks(997).for_each(|c| h.update(c));
        assert_eq!(h.finalize(), unhex20(&row[1]));
    }
}

#[test]
fn every_length_0_to_300() {
    let rows = vectors("ripemd160-lengths.tsv");
    assert_eq!(rows.len(), 301);
    for row in rows {
        let len: usize = row[0].parse().unwrap();
        let msg: Vec<u8> = (0..len).map(|i| ((i * 7 + len) % 256) as u8).collect();
        assert_eq!(ripemd160(&msg), unhex20(&row[1]), "length {len}");
    }
}

#[test]
fn hash32_fixture_every_backend() {
    let rows = vectors("hash32.tsv");
    assert_eq!(rows.len(), 1000);
    let msgs: Vec<[u8; 32]> = rows.iter().map(|r| unhex(&r[0]).try_into().unwrap()).collect();
    let want: Vec<[u8; 20]> = rows.iter().map(|r| unhex20(&r[1])).collect();
    for backend in backends_or_notice() {
        let mut got = vec![[0u8; 20]; msgs.len()];
        hash32_with(backend, &mut got, &msgs);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "backend {backend}, message {i}");
        }
    }
}
