package dev.citerag.reliability.api;

import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The public surface of one library module as text, one line per declaration, in a stable order:
 * the module descriptor (requires, exports, opens), then every public type of every package the
 * module exports to everyone, with its public and protected constructors, methods and fields. Types
 * in packages exported only to sibling modules are not API and not listed (their export lines are).
 */
final class ApiSurface {
  private ApiSurface() {}

  static String render(LibraryModule module) {
    List<String> out = new ArrayList<>();
    ModuleDescriptor d = module.descriptor();
    out.add("module " + d.name());
    d.requires().stream()
        .filter(r -> !r.name().equals("java.base"))
        .map(r -> "  requires " + modifiers(r.modifiers()) + r.name())
        .sorted()
        .forEach(out::add);
    d.exports().stream()
        .map(
            e ->
                "  exports "
                    + e.source()
                    + (e.isQualified()
                        ? " to " + String.join(", ", e.targets().stream().sorted().toList())
                        : ""))
        .sorted()
        .forEach(out::add);
    d.opens().stream()
        .map(
            o ->
                "  opens "
                    + o.source()
                    + (o.isQualified()
                        ? " to " + String.join(", ", o.targets().stream().sorted().toList())
                        : ""))
        .sorted()
        .forEach(out::add);
    d.uses().stream().sorted().map(u -> "  uses " + u).forEach(out::add);
    d.provides().stream()
        .map(p -> "  provides " + p.service() + " with " + String.join(", ", p.providers()))
        .sorted()
        .forEach(out::add);

    List<String> api = List.copyOf(module.apiPackages());
    for (String name : module.classNames()) {
      if (name.contains("$") || !api.contains(packageOf(name))) {
        continue;
      }
      Class<?> type = load(name);
      if (Modifier.isPublic(type.getModifiers())) {
        out.add("");
        renderType(type, out);
      }
    }
    return String.join("\n", out) + "\n";
  }

  private static void renderType(Class<?> type, List<String> out) {
    out.add(header(type));
    List<String> members = new ArrayList<>();
    for (Field f : type.getDeclaredFields()) {
      if (visible(f.getModifiers()) && !f.isSynthetic()) {
        members.add(strip(f.toGenericString(), type));
      }
    }
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (visible(c.getModifiers()) && !c.isSynthetic()) {
        members.add(strip(executable(c), type));
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
        members.add(strip(executable(m), type));
      }
    }
    members.stream().sorted().map(m -> "  " + m).forEach(out::add);
    Arrays.stream(type.getDeclaredClasses())
        .filter(c -> visible(c.getModifiers()))
        .sorted(Comparator.comparing(Class::getName))
        .forEach(
            c -> {
              out.add("");
              renderType(c, out);
            });
  }

  private static String header(Class<?> type) {
    int mods =
        type.getModifiers()
            & (type.isInterface() ? Modifier.interfaceModifiers() : Modifier.classModifiers());
    if (type.isInterface() || type.isEnum() || type.isRecord()) {
      mods &= ~Modifier.ABSTRACT; // implied
      mods &= ~Modifier.FINAL; // implied for enums and records
    }
    if (type.isMemberClass() && (type.isInterface() || type.isEnum() || type.isRecord())) {
      mods &= ~Modifier.STATIC; // implied
    }
    StringBuilder b = new StringBuilder(Modifier.toString(mods));
    if (type.isSealed()) {
      b.append(" sealed");
    }
    b.append(' ').append(kind(type)).append(' ').append(type.getName().replace('$', '.'));
    TypeVariable<?>[] vars = type.getTypeParameters();
    if (vars.length > 0) {
      b.append(
          Arrays.stream(vars)
              .map(ApiSurface::typeVariable)
              .collect(Collectors.joining(", ", "<", ">")));
    }
    Type sup = type.getGenericSuperclass();
    if (sup != null && !type.isEnum() && !type.isRecord() && sup != Object.class) {
      b.append(" extends ").append(name(sup));
    }
    List<String> ifaces = Arrays.stream(type.getGenericInterfaces()).map(ApiSurface::name).toList();
    if (!ifaces.isEmpty() && !type.isAnnotation()) {
      b.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", ifaces));
    }
    if (type.isSealed()) {
      b.append(" permits ")
          .append(
              Arrays.stream(type.getPermittedSubclasses())
                  .map(c -> c.getName().replace('$', '.'))
                  .sorted()
                  .collect(Collectors.joining(", ")));
    }
    return b.toString();
  }

  private static String kind(Class<?> type) {
    if (type.isAnnotation()) {
      return "@interface";
    }
    if (type.isInterface()) {
      return "interface";
    }
    if (type.isEnum()) {
      return "enum";
    }
    if (type.isRecord()) {
      return "record";
    }
    return "class";
  }

  private static String executable(Executable e) {
    String s = e.toGenericString();
    // toGenericString prints "transient" for varargs methods (the bit is shared)
    return e.isVarArgs() ? s.replace("transient ", "") : s;
  }

  private static String typeVariable(TypeVariable<?> v) {
    Type[] bounds = v.getBounds();
    if (bounds.length == 1 && bounds[0] == Object.class) {
      return v.getName();
    }
    return v.getName()
        + " extends "
        + Arrays.stream(bounds).map(ApiSurface::name).collect(Collectors.joining(" & "));
  }

  private static String name(Type t) {
    return t.getTypeName().replace('$', '.');
  }

  /** Drops the declaring type's name before a member's name: it is the block's header. */
  private static String strip(String member, Class<?> type) {
    return member.replace('$', '.').replace(type.getName().replace('$', '.') + ".", "");
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static String modifiers(java.util.Set<ModuleDescriptor.Requires.Modifier> mods) {
    return mods.stream()
        .filter(m -> m != ModuleDescriptor.Requires.Modifier.MANDATED)
        .map(m -> m.name().toLowerCase(java.util.Locale.ROOT) + " ")
        .sorted()
        .collect(Collectors.joining());
  }

  private static String packageOf(String className) {
    int dot = className.lastIndexOf('.');
    return dot < 0 ? "" : className.substring(0, dot);
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, ApiSurface.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("listed by the module but not loadable: " + name, e);
    }
  }
}
