package dev.citerag.internal;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Tells NullAway how a method's result depends on its arguments, in the syntax of JetBrains'
 * {@code @Contract}: {@code "null, _ -> fail"} says that the method throws when its first argument
 * is null, so after a call the checker knows the argument is not null. The build names this type in
 * NullAway's {@code CustomContractAnnotations} option and also checks that the methods keep their
 * contract ({@code CheckContracts}). Has no effect at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Contract {
  /** The contract clauses, separated by {@code ;}. */
  String value();
}
