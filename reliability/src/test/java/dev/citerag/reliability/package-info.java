/** Reliability and security tests: hostile replies, provider and database faults, fuzzing, secrets. */
package dev.citerag.reliability;
