package dev.citerag.embed.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Murmur3Test {

  private static int hash(String s, long seed) {
    return Murmur3.hash32(s.getBytes(StandardCharsets.UTF_8), (int) seed);
  }

  @Test
  void matches_published_test_vectors() {
    // vectors published with boost::hash2 and in the widely used MurmurHash3 test-vector list
    assertEquals(0, hash("", 0));
    assertEquals(0x514E28B7, hash("", 1));
    assertEquals((int) 4138100590L, hash("Turn me into a hash", 1234));
    assertEquals(458076548, hash("Life, the Universe, and Everything.", 42));
    assertEquals(345750399, hash("hello, world", 0));
  }

  @Test
  void hashes_utf8_bytes_of_non_ascii_text() {
    // U+03C0 eight times, seed 0x9747b28c: 0xD58063C1 in the MurmurHash3 test-vector list
    assertEquals(0xD58063C1, hash("ππππππππ", 0x9747b28cL));
  }

  @Test
  void covers_every_tail_length() {
    // same bytes, one to three trailing bytes: all distinct, none equal to the 4-byte block alone
    int h4 = hash("abcd", 0);
    int h5 = hash("abcde", 0);
    int h6 = hash("abcdef", 0);
    int h7 = hash("abcdefg", 0);
    assertEquals(4, java.util.Set.of(h4, h5, h6, h7).size());
  }
}
