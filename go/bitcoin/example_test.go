package bitcoin_test

import (
	"encoding/hex"
	"fmt"

	"github.com/ripemd160mb/ripemd160mb/go/bitcoin"
)

func ExampleSHA256D() {
	// The genesis block's 80-byte header; its double SHA-256, byte-reversed
	// as Bitcoin displays it, is the block hash.
	header, _ := hex.DecodeString("01000000" +
		"0000000000000000000000000000000000000000000000000000000000000000" +
		"3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a" +
		"29ab5f49" + "ffff001d" + "1dac2b7c")
	dst := make([]byte, bitcoin.Size)
	bitcoin.SHA256D(dst, header, 1, 80)
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	fmt.Printf("%x\n", dst)
	// Output:
	// 000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f
}

func ExampleSHA256DEach() {
	// The genesis block's coinbase transaction, serialized; its double
	// SHA-256 is its txid (displayed byte-reversed).
	tx, _ := hex.DecodeString("01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000")
	src := [][]byte{tx, []byte("hello")}
	txids := make([][bitcoin.Size]byte, len(src))
	bitcoin.SHA256DEach(txids, src)
	for _, d := range txids {
		for i, j := 0, len(d)-1; i < j; i, j = i+1, j-1 {
			d[i], d[j] = d[j], d[i]
		}
		fmt.Printf("%x\n", d)
	}
	// Output:
	// 4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b
	// 503d8319a48348cdc610a582f7bf754b5833df65038606eb48510790dfc99595
}

func ExampleMerkleRoot() {
	// Block 100000's txids as block explorers and bitcoin-cli list them
	// (displayed: byte-reversed); the leaves are in internal byte order.
	txids := []string{
		"8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87",
		"fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4",
		"6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4",
		"e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d",
	}
	leaves := make([][bitcoin.Size]byte, len(txids))
	for i, s := range txids {
		b, _ := hex.DecodeString(s)
		for j := range b {
			leaves[i][bitcoin.Size-1-j] = b[j]
		}
	}
	root, mutated := bitcoin.MerkleRoot(leaves)
	for i, j := 0, len(root)-1; i < j; i, j = i+1, j-1 {
		root[i], root[j] = root[j], root[i]
	}
	fmt.Printf("%x mutated=%v\n", root, mutated)
	// Output:
	// f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766 mutated=false
}

func ExampleMerkleRoot_mutated() {
	// CVE-2012-2459: three transactions, and the same block with the last
	// one duplicated, have the same merkle root (an odd level pairs its last
	// node with itself); a node must reject the second, which mutated flags.
	var a, b, c [bitcoin.Size]byte
	a[0], b[0], c[0] = 1, 2, 3
	root3, mutated3 := bitcoin.MerkleRoot([][bitcoin.Size]byte{a, b, c})
	root4, mutated4 := bitcoin.MerkleRoot([][bitcoin.Size]byte{a, b, c, c})
	fmt.Println(root3 == root4, mutated3, mutated4)
	// Output:
	// true false true
}
