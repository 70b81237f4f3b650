package dev.citerag.verify.internal;

import dev.citerag.verify.internal.Quantity.Bound;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * Reads the quantities of a token list ({@link Quantity}): digits with thousands separators and
 * decimals, number words ("one thousand", "forty-two"), scales ("2.1bn", "5k", "3 million"),
 * currencies before or after ("$2.1bn", "2.1 billion dollars", "EUR 40"), percentages ("12%", "12
 * percent"), units with exact conversions (mass, length, time, data), temperatures ("100 °C", "100
 * degrees Celsius"), ranges and scores ("10-20", "won 3-1"), ordinals ("3rd", "third", "Q3" as the
 * third quarter), clock times, and dates in their common written forms ("12 March 2001", "March 12,
 * 2001", "2001-03-12", "March 2001"); a date such as 3/12/2001 whose day and month could be either
 * is kept as written, never read as one of them. Bounds before or after a number ("at least", "up
 * to", "more than", "or more", "about") are kept with it.
 */
final class Quantities {
  private Quantities() {}

  private record Unit(String dimension, double factor) {}

  private static final Map<String, Unit> UNITS =
      Map.ofEntries(
          Map.entry("mg", new Unit("mass", 1e-3)),
          Map.entry("milligram", new Unit("mass", 1e-3)),
          Map.entry("milligrams", new Unit("mass", 1e-3)),
          Map.entry("g", new Unit("mass", 1)),
          Map.entry("gram", new Unit("mass", 1)),
          Map.entry("grams", new Unit("mass", 1)),
          Map.entry("kg", new Unit("mass", 1e3)),
          Map.entry("kgs", new Unit("mass", 1e3)),
          Map.entry("kilogram", new Unit("mass", 1e3)),
          Map.entry("kilograms", new Unit("mass", 1e3)),
          Map.entry("tonne", new Unit("mass", 1e6)),
          Map.entry("tonnes", new Unit("mass", 1e6)),
          Map.entry("ml", new Unit("volume", 1e-3)),
          Map.entry("millilitre", new Unit("volume", 1e-3)),
          Map.entry("millilitres", new Unit("volume", 1e-3)),
          Map.entry("milliliter", new Unit("volume", 1e-3)),
          Map.entry("milliliters", new Unit("volume", 1e-3)),
          Map.entry("cl", new Unit("volume", 1e-2)),
          Map.entry("litre", new Unit("volume", 1)),
          Map.entry("litres", new Unit("volume", 1)),
          Map.entry("liter", new Unit("volume", 1)),
          Map.entry("liters", new Unit("volume", 1)),
          Map.entry("mm", new Unit("length", 1e-3)),
          Map.entry("millimetre", new Unit("length", 1e-3)),
          Map.entry("millimetres", new Unit("length", 1e-3)),
          Map.entry("millimeter", new Unit("length", 1e-3)),
          Map.entry("millimeters", new Unit("length", 1e-3)),
          Map.entry("cm", new Unit("length", 1e-2)),
          Map.entry("centimetre", new Unit("length", 1e-2)),
          Map.entry("centimetres", new Unit("length", 1e-2)),
          Map.entry("centimeter", new Unit("length", 1e-2)),
          Map.entry("centimeters", new Unit("length", 1e-2)),
          Map.entry("metre", new Unit("length", 1)),
          Map.entry("metres", new Unit("length", 1)),
          Map.entry("meter", new Unit("length", 1)),
          Map.entry("meters", new Unit("length", 1)),
          Map.entry("km", new Unit("length", 1e3)),
          Map.entry("kilometre", new Unit("length", 1e3)),
          Map.entry("kilometres", new Unit("length", 1e3)),
          Map.entry("kilometer", new Unit("length", 1e3)),
          Map.entry("kilometers", new Unit("length", 1e3)),
          Map.entry("m", new Unit("length", 1)),
          Map.entry("ft", new Unit("length", 0.3048)),
          Map.entry("foot", new Unit("length", 0.3048)),
          Map.entry("feet", new Unit("length", 0.3048)),
          Map.entry("inch", new Unit("length", 0.0254)),
          Map.entry("inches", new Unit("length", 0.0254)),
          Map.entry("mile", new Unit("length", 1609.344)),
          Map.entry("miles", new Unit("length", 1609.344)),
          Map.entry("lb", new Unit("mass", 453.59237)),
          Map.entry("lbs", new Unit("mass", 453.59237)),
          Map.entry("oz", new Unit("mass", 28.349523125)),
          Map.entry("ms", new Unit("time", 1e-3)),
          Map.entry("millisecond", new Unit("time", 1e-3)),
          Map.entry("milliseconds", new Unit("time", 1e-3)),
          Map.entry("s", new Unit("time", 1)),
          Map.entry("sec", new Unit("time", 1)),
          Map.entry("secs", new Unit("time", 1)),
          Map.entry("second", new Unit("time", 1)),
          Map.entry("seconds", new Unit("time", 1)),
          Map.entry("min", new Unit("time", 60)),
          Map.entry("mins", new Unit("time", 60)),
          Map.entry("minute", new Unit("time", 60)),
          Map.entry("minutes", new Unit("time", 60)),
          Map.entry("h", new Unit("time", 3600)),
          Map.entry("hr", new Unit("time", 3600)),
          Map.entry("hrs", new Unit("time", 3600)),
          Map.entry("hour", new Unit("time", 3600)),
          Map.entry("hours", new Unit("time", 3600)),
          Map.entry("day", new Unit("time", 86400)),
          Map.entry("days", new Unit("time", 86400)),
          Map.entry("week", new Unit("time", 604800)),
          Map.entry("weeks", new Unit("time", 604800)),
          Map.entry("month", new Unit("months", 1)),
          Map.entry("months", new Unit("months", 1)),
          Map.entry("year", new Unit("months", 12)),
          Map.entry("years", new Unit("months", 12)),
          Map.entry("yr", new Unit("months", 12)),
          Map.entry("yrs", new Unit("months", 12)),
          Map.entry("b", new Unit("data", 1)),
          Map.entry("byte", new Unit("data", 1)),
          Map.entry("bytes", new Unit("data", 1)),
          Map.entry("kb", new Unit("data", 1e3)),
          Map.entry("kilobytes", new Unit("data", 1e3)),
          Map.entry("mb", new Unit("data", 1e6)),
          Map.entry("megabytes", new Unit("data", 1e6)),
          Map.entry("gb", new Unit("data", 1e9)),
          Map.entry("gigabytes", new Unit("data", 1e9)),
          Map.entry("tb", new Unit("data", 1e12)),
          Map.entry("terabytes", new Unit("data", 1e12)),
          Map.entry("kib", new Unit("data", 1024.0)),
          Map.entry("mib", new Unit("data", 1024.0 * 1024)),
          Map.entry("gib", new Unit("data", 1024.0 * 1024 * 1024)),
          Map.entry("%", new Unit("%", 1)),
          Map.entry("percent", new Unit("%", 1)),
          Map.entry("pct", new Unit("%", 1)),
          Map.entry("celsius", new Unit("celsius", 1)),
          Map.entry("fahrenheit", new Unit("fahrenheit", 1)),
          Map.entry("dollar", new Unit("usd", 1)),
          Map.entry("dollars", new Unit("usd", 1)),
          Map.entry("usd", new Unit("usd", 1)),
          Map.entry("$", new Unit("usd", 1)),
          Map.entry("euro", new Unit("eur", 1)),
          Map.entry("euros", new Unit("eur", 1)),
          Map.entry("eur", new Unit("eur", 1)),
          Map.entry("€", new Unit("eur", 1)),
          Map.entry("£", new Unit("gbp", 1)),
          Map.entry("gbp", new Unit("gbp", 1)),
          Map.entry("sterling", new Unit("gbp", 1)),
          Map.entry("¥", new Unit("jpy", 1)),
          Map.entry("yen", new Unit("jpy", 1)),
          Map.entry("jpy", new Unit("jpy", 1)),
          Map.entry("times", new Unit("times", 1)),
          Map.entry("x", new Unit("times", 1)));

  /**
   * The quantities of a text.
   *
   * @param t the text's tokens
   * @param consumed set here for every token a quantity used (numbers, units, scales, month names)
   * @return the quantities in order
   */
  static List<Quantity> read(List<Token> t, BitSet consumed) {
    List<Quantity> out = new ArrayList<>();
    int i = 0;
    while (i < t.size()) {
      int next = readAt(t, i, out, consumed);
      i = next > i ? next : i + 1;
    }
    return out;
  }

  /** Reads a quantity starting at token i, if one starts there; returns the index after it. */
  private static int readAt(List<Token> t, int i, List<Quantity> out, BitSet consumed) {
    Token tok = t.get(i);
    // a currency sign before the number
    String currency = "";
    int start = i;
    if (tok.kind() == Token.Kind.SYMBOL && UNITS.containsKey(tok.lower()) && i + 1 < t.size()) {
      Unit u = UNITS.get(tok.lower());
      if (u.dimension().length() == 3 && t.get(i + 1).hasDigit()) {
        currency = u.dimension();
        i++;
        tok = t.get(i);
      }
    } else if (tok.word()
        && tok.raw().length() == 3
        && tok.acronym()
        && UNITS.containsKey(tok.lower())
        && UNITS.get(tok.lower()).dimension().length() == 3
        && i + 1 < t.size()
        && t.get(i + 1).hasDigit()) {
      currency = UNITS.get(tok.lower()).dimension(); // "EUR 40"
      i++;
      tok = t.get(i);
    }
    if (!tok.word()) {
      return start + 1;
    }
    String w = tok.lower();
    // the written forms below (NumberForms) all need a digit
    boolean digits = tok.hasDigit();
    // dates and clock times written with digits and separators
    int[] slash = digits ? NumberForms.slashDate(w) : null;
    if (slash != null) {
      int a = slash[0];
      int b = slash[1];
      int y = year(w.substring(slash[2]));
      if (a > 12 && b <= 12) {
        out.add(date(y, b, a, tok.index(), tok.index()));
      } else if (b > 12 && a <= 12) {
        out.add(date(y, a, b, tok.index(), tok.index()));
      } else {
        out.add(
            new Quantity(
                Quantity.Type.DATE, y, 0, 0, "", Bound.EXACT, w, tok.index(), tok.index()));
      }
      consumed.set(start, i + 1);
      return i + 1;
    }
    int[] iso = digits ? NumberForms.isoDate(w) : null;
    if (iso != null) {
      out.add(date(iso[0], iso[1], iso[2], tok.index(), tok.index()));
      consumed.set(start, i + 1);
      return i + 1;
    }
    int clock = digits ? NumberForms.clock(w) : -1;
    if (clock >= 0) {
      int minutes = clock;
      int end = i;
      if (end + 1 < t.size() && t.get(end + 1).lower().equals("pm")) {
        minutes += minutes < 12 * 60 ? 12 * 60 : 0;
        end++;
      } else if (end + 1 < t.size() && t.get(end + 1).lower().equals("am")) {
        end++;
      }
      out.add(new Quantity(Quantity.Type.CLOCK, minutes, 0, 0, "", Bound.EXACT, "", start, end));
      consumed.set(start, end + 1);
      return end + 1;
    }
    int hyphen = digits ? NumberForms.pairHyphen(w) : -1;
    if (hyphen >= 0) {
      out.add(
          new Quantity(
              Quantity.Type.PAIR,
              Double.parseDouble(w.substring(0, hyphen)),
              Double.parseDouble(w.substring(hyphen + 1)),
              0,
              currency,
              bound(t, start),
              "",
              start,
              i));
      consumed.set(start, i + 1);
      return i + 1;
    }
    // a density per square unit, "0.52/sq mi", "8/sq km": one quantity, not an identifier
    if (digits && w.endsWith("/sq") && i + 1 < t.size()) {
      String head = w.substring(0, w.length() - 3);
      String area = t.get(i + 1).lower();
      if (NumberForms.decimal(head)
          && (area.equals("mi") || area.equals("km") || area.equals("m") || area.equals("ft"))) {
        double v = Double.parseDouble(head.replace(",", ""));
        out.add(
            new Quantity(
                Quantity.Type.NUMBER, v, 0, v, "per sq " + area, Bound.EXACT, "", start, i + 1));
        consumed.set(start, i + 2);
        return i + 2;
      }
    }
    // a number joined to its unit by a hyphen, "13-year-old", "five-year", "24-hour", "10-km"
    Quantity compound = hyphenatedUnit(w, start, i);
    if (compound != null) {
      out.add(compound);
      consumed.set(start, i + 1);
      return i + 1;
    }
    // "mid-1994", "early-1990", "late-2001": a part of a year is in that year
    int partYear = partOfYear(w);
    if (partYear > 0) {
      out.add(
          new Quantity(Quantity.Type.NUMBER, partYear, 0, partYear, "", Bound.EXACT, "", start, i));
      consumed.set(start, i + 1);
      return i + 1;
    }
    // a rank before a superlative, "second-most populous", "3rd-largest", or before "ever",
    // "first-ever": the rank is the ordinal
    String ranked = superlativeRank(w);
    if (ranked != null) {
      w = ranked;
      digits = tok.hasDigit();
    }
    int ordinalDigits = digits ? NumberForms.ordinalDigits(w) : -1;
    boolean writtenOrdinal = ordinalDigits >= 0;
    if (writtenOrdinal || Vocabulary.ORDINALS.containsKey(w)) {
      double v =
          writtenOrdinal
              ? Double.parseDouble(w.substring(0, ordinalDigits))
              : Vocabulary.ORDINALS.getOrDefault(w, 0);
      int end = i;
      String unit = "";
      // "third quarter", "first half": the period is part of the ordinal
      if (i + 1 < t.size()
          && (t.get(i + 1).lower().equals("quarter") || t.get(i + 1).lower().equals("half"))) {
        unit = t.get(i + 1).lower();
        end = i + 1;
      } else if (!writtenOrdinal
          && ranked == null
          && w.equals("second")
          && (i == 0
              || t.get(i - 1).hasDigit()
              || Vocabulary.SMALL_NUMBERS.containsKey(t.get(i - 1).lower())
              || t.get(i - 1).lower().equals("a")
              || t.get(i - 1).lower().equals("per"))) {
        return start + 1; // "1 second", "a second", "per second": a unit of time
      }
      // "the 12th of March", "March 12th"
      int month = i + 2 < t.size() && t.get(i + 1).lower().equals("of") ? monthAt(t, i + 2) : 0;
      if (writtenOrdinal && month > 0 && v <= 31) {
        int y = i + 3 < t.size() ? yearAt(t, i + 3) : 0;
        int e = y > 0 ? i + 3 : i + 2;
        out.add(date(y, month, (int) v, start, e));
        consumed.set(start, e + 1);
        return e + 1;
      }
      out.add(new Quantity(Quantity.Type.ORDINAL, v, 0, 0, unit, Bound.EXACT, "", start, end));
      consumed.set(start, end + 1);
      return end + 1;
    }
    if (digits && NumberForms.period(w)) {
      out.add(
          new Quantity(
              Quantity.Type.ORDINAL,
              w.charAt(1) - '0',
              0,
              0,
              w.charAt(0) == 'q' ? "quarter" : "half",
              Bound.EXACT,
              "",
              start,
              i));
      consumed.set(start, i + 1);
      return i + 1;
    }
    // month names: "March 12, 2001", "March 2001", "12 March 2001" (the latter read from the day)
    int month = tok.capitalised() || tok.acronym() ? Vocabulary.month(w) : 0;
    if (month > 0 && !(w.equals("may") && !nearDigit(t, i))) {
      int end = i;
      int day = 0;
      int year = 0;
      if (end + 1 < t.size() && dayAt(t, end + 1) > 0) {
        day = dayAt(t, end + 1);
        end++;
        if (end + 2 < t.size() && t.get(end + 1).lower().equals(",") && yearAt(t, end + 2) > 0) {
          year = yearAt(t, end + 2);
          end += 2;
        } else if (end + 1 < t.size() && yearAt(t, end + 1) > 0) {
          year = yearAt(t, end + 1);
          end++;
        }
      } else if (end + 1 < t.size() && yearAt(t, end + 1) > 0) {
        year = yearAt(t, end + 1);
        end++;
      }
      out.add(date(year, month, day, start, end));
      consumed.set(start, end + 1);
      return end + 1;
    }
    // a number: digits, digits with a suffix, or number words
    double value;
    int end = i;
    String suffix = "";
    int split = digits ? NumberForms.suffixAt(w) : -1;
    if (digits && NumberForms.decimal(w)) {
      value = Double.parseDouble(w.replace(",", ""));
      if (i > 0 && t.get(i - 1).lower().equals("-") && (i < 2 || !numberBefore(t, i - 2))) {
        value = -value; // a minus sign, not a dash between two numbers ("of -11.7", not "10 -11")
      }
    } else if (split >= 0) {
      value = Double.parseDouble(w.substring(0, split).replace(",", ""));
      suffix = w.substring(split);
      if (!Vocabulary.SCALES.containsKey(suffix)
          && !UNITS.containsKey(suffix)
          && !suffix.equals("m")
          && !suffix.equals("s")) {
        return start + 1; // an identifier such as "5xx" or "3des"
      }
    } else if (Vocabulary.SMALL_NUMBERS.containsKey(w)
        || (Vocabulary.SCALES.containsKey(w)
            && w.length() > 2
            && i > 0
            && t.get(i - 1).lower().equals("a"))) {
      int[] endOut = {i};
      value = numberWords(t, i, endOut);
      end = endOut[0];
      if (w.equals("one") && end == i && !numericContext(t, i)) {
        return start + 1; // "one of the", "no one": a pronoun, not a count
      }
    } else if (Vocabulary.FRACTIONS.containsKey(w)
        && w.length() > 4
        && precedesNoun(t, i)
        && !w.equals("quarter")) {
      value = Vocabulary.FRACTIONS.getOrDefault(w, 1.0);
    } else {
      return start + 1;
    }
    // a scale after the number: "2.1 billion", "5k", "$3m"
    String dimension = currency;
    double factor = 1;
    if (!suffix.isEmpty()) {
      if (Vocabulary.SCALES.containsKey(suffix)) {
        value *= Vocabulary.SCALES.get(suffix);
      } else if (suffix.equals("m")) {
        if (!currency.isEmpty()) {
          value *= 1e6;
        } else {
          dimension = "length";
        }
      } else if (suffix.equals("s")) {
        dimension = "decade"; // "1990s"
      } else {
        Unit u = java.util.Objects.requireNonNull(UNITS.get(suffix));
        factor = u.factor();
        dimension = u.dimension();
      }
    }
    while (end + 1 < t.size() && t.get(end + 1).word()) {
      String s = t.get(end + 1).lower();
      Double f = Vocabulary.SCALES.get(s);
      if (f == null && s.equals("m") && !currency.isEmpty()) {
        f = 1e6;
      }
      if (f == null
          || (s.equals("k")
              && !t.get(end + 1).raw().equals("k")
              && !t.get(end + 1).raw().equals("K"))) {
        break;
      }
      value *= f;
      end++;
    }
    // the unit after it: "%", "kg", "degrees Celsius", "°C", "per cent", "dollars"
    if (dimension.isEmpty() || dimension.length() == 3) {
      int u = unitAt(t, end + 1);
      if (u > 0) {
        Unit unit = unitOf(t, end + 1, u);
        if (unit != null && (dimension.isEmpty() || dimension.equals(unit.dimension()))) {
          factor = unit.factor();
          dimension = unit.dimension();
          end += u;
        }
      }
    }
    Bound bound = bound(t, start);
    if (bound != Bound.EXACT) {
      consumed.set(Math.max(0, start - boundLength(t, start)), start);
    }
    if (bound == Bound.EXACT && end + 2 < t.size() && t.get(end + 1).lower().equals("or")) {
      String after = t.get(end + 2).lower();
      if (after.equals("more")
          || after.equals("above")
          || after.equals("greater")
          || after.equals("higher")
          || after.equals("longer")
          || after.equals("larger")
          || after.equals("over")) {
        bound = Bound.LOWER;
        consumed.set(end + 1, end + 3);
      } else if (after.equals("less")
          || after.equals("fewer")
          || after.equals("below")
          || after.equals("lower")
          || after.equals("shorter")
          || after.equals("smaller")
          || after.equals("under")) {
        bound = Bound.UPPER;
        consumed.set(end + 1, end + 3);
      }
    } else if (bound == Bound.EXACT && end + 1 < t.size() && t.get(end + 1).lower().equals("+")) {
      bound = Bound.LOWER;
    }
    // "between 10 and 20", "10 to 20": a pair
    if (end + 2 < t.size()
        && (t.get(end + 1).lower().equals("to")
            || (t.get(end + 1).lower().equals("and")
                && start > 0
                && t.get(start - 1).lower().equals("between")))
        && NumberForms.decimal(t.get(end + 2).lower())
        && !yearThenCount(value, t.get(start).raw(), t.get(end + 2).raw())) {
      double second = Double.parseDouble(t.get(end + 2).lower().replace(",", ""));
      out.add(
          new Quantity(
              Quantity.Type.PAIR, value, second, 0, dimension, Bound.EXACT, "", start, end + 2));
      consumed.set(start, end + 3);
      return end + 3;
    }
    // "12 March 2001": a day before a month
    if (dimension.isEmpty()
        && value >= 1
        && value <= 31
        && value == Math.rint(value)
        && end + 1 < t.size()) {
      int mo = monthAt(t, end + 1);
      if (mo > 0) {
        int y = end + 2 < t.size() ? yearAt(t, end + 2) : 0;
        int e = y > 0 ? end + 2 : end + 1;
        out.add(date(y, mo, (int) value, start, e));
        consumed.set(start, e + 1);
        return e + 1;
      }
    }
    out.add(
        new Quantity(
            Quantity.Type.NUMBER, value, 0, value * factor, dimension, bound, "", start, end));
    consumed.set(start, end + 1);
    return end + 1;
  }

  /**
   * Whether "A to B" joins a year to a count that is none ("from 90% in 2004 to 60% in 2005"): the
   * two are not a range.
   */
  private static boolean yearThenCount(double a, String rawA, String rawB) {
    boolean yearA = a == Math.rint(a) && a >= 1000 && a <= 2100 && rawA.indexOf(',') < 0;
    if (!yearA) {
      return false;
    }
    double b = Double.parseDouble(rawB.replace(",", ""));
    return !(b == Math.rint(b) && b >= 1000 && b <= 2100 && rawB.indexOf(',') < 0);
  }

  /** Whether token k is a word that reads as a number (digits or a number word). */
  private static boolean numberBefore(List<Token> t, int k) {
    Token x = t.get(k);
    return x.word() && (x.hasDigit() || Vocabulary.SMALL_NUMBERS.containsKey(x.lower()));
  }

  /**
   * A number joined to a unit by a hyphen, read as that quantity: "13-year-old" (13 years),
   * "five-year" (5 years), "24-hour", "10-km". The word after the unit, if any ("-old", "-long"),
   * is not read. Null when the word is not one.
   */
  private static @org.jspecify.annotations.Nullable Quantity hyphenatedUnit(
      String w, int start, int end) {
    int h = w.indexOf('-');
    if (h <= 0 || h + 1 >= w.length()) {
      return null;
    }
    int h2 = w.indexOf('-', h + 1);
    String head = w.substring(0, h);
    String unitWord = h2 < 0 ? w.substring(h + 1) : w.substring(h + 1, h2);
    Unit unit = unitWord.length() < 2 ? null : UNITS.get(unitWord);
    if (unit == null || unit.dimension().length() == 3 || unit.dimension().equals("times")) {
      return null; // currencies ("50-usd") and "times" are not written this way
    }
    double value;
    if (NumberForms.decimal(head)) {
      value = Double.parseDouble(head.replace(",", ""));
    } else if (Vocabulary.SMALL_NUMBERS.containsKey(head)) {
      value = Vocabulary.SMALL_NUMBERS.get(head);
    } else {
      return null;
    }
    return new Quantity(
        Quantity.Type.NUMBER,
        value,
        0,
        value * unit.factor(),
        unit.dimension(),
        Bound.EXACT,
        "",
        start,
        end);
  }

  /** The year of "mid-1994", "early-1990", "late-2001", or 0. */
  private static int partOfYear(String w) {
    int h = w.indexOf('-');
    if (h <= 0 || w.length() != h + 5) {
      return 0;
    }
    String head = w.substring(0, h);
    if (!head.equals("mid") && !head.equals("early") && !head.equals("late")) {
      return 0;
    }
    String y = w.substring(h + 1);
    for (int k = 0; k < y.length(); k++) {
      if (!Character.isDigit(y.charAt(k))) {
        return 0;
      }
    }
    int year = Integer.parseInt(y);
    return year >= 1000 && year <= 2100 ? year : 0;
  }

  /**
   * The rank of a hyphenated superlative ("second" of "second-most", "3rd" of "3rd-largest") or of
   * an ordinal hyphenated to "ever" ("first" of "first-ever"), or null when the word is not one: an
   * ordinal, a hyphen, then "most", "least", "ever" or a word ending in "-est".
   */
  static @org.jspecify.annotations.Nullable String superlativeRank(String w) {
    int h = w.indexOf('-');
    if (h <= 0 || h != w.lastIndexOf('-') || h + 4 > w.length()) {
      return null;
    }
    String head = w.substring(0, h);
    String rest = w.substring(h + 1);
    boolean superlative =
        Passage.isAlpha(rest)
            && (rest.equals("most")
                || rest.equals("least")
                || rest.equals("ever")
                || rest.endsWith("est"));
    boolean ordinal =
        Vocabulary.ORDINALS.containsKey(head)
            || (head.indexOf(',') < 0 && NumberForms.ordinalDigits(head) >= 0);
    return superlative && ordinal ? head : null;
  }

  private static Quantity date(int y, int m, int d, int start, int end) {
    return new Quantity(Quantity.Type.DATE, y, m, d, "", Bound.EXACT, "", start, end);
  }

  private static int year(String s) {
    int y = Integer.parseInt(s);
    return s.length() == 2 ? (y < 50 ? 2000 + y : 1900 + y) : y;
  }

  private static int yearAt(List<Token> t, int i) {
    String w = t.get(i).lower();
    if (w.length() == 4 && NumberForms.decimal(w)) {
      int y = Integer.parseInt(w);
      return y >= 1000 && y <= 2999 ? y : 0;
    }
    return 0;
  }

  private static int dayAt(List<Token> t, int i) {
    String w = t.get(i).lower();
    int ordinalDigits = NumberForms.ordinalDigits(w);
    String digits = ordinalDigits >= 0 ? w.substring(0, ordinalDigits) : w;
    if (digits.length() <= 2 && NumberForms.decimal(digits)) {
      int d = Integer.parseInt(digits);
      return d >= 1 && d <= 31 ? d : 0;
    }
    return 0;
  }

  private static int monthAt(List<Token> t, int i) {
    Token tok = t.get(i);
    return tok.word() && (tok.capitalised() || tok.acronym()) ? Vocabulary.month(tok.lower()) : 0;
  }

  private static boolean nearDigit(List<Token> t, int i) {
    return (i + 1 < t.size() && t.get(i + 1).hasDigit()) || (i > 0 && t.get(i - 1).hasDigit());
  }

  private static boolean precedesNoun(List<Token> t, int i) {
    return i + 1 < t.size()
        && t.get(i + 1).word()
        && !Vocabulary.FUNCTION_WORDS.contains(t.get(i + 1).lower());
  }

  /** Whether "one" at i is a count: followed by a noun, a scale or a unit. */
  private static boolean numericContext(List<Token> t, int i) {
    if (i + 1 >= t.size() || !t.get(i + 1).word()) {
      return false;
    }
    String n = t.get(i + 1).lower();
    return !Vocabulary.FUNCTION_WORDS.contains(n) && !n.equals("another") && !n.equals("day");
  }

  /** Number words from i ("four thousand two hundred and five"); sets endOut[0] to the last. */
  private static double numberWords(List<Token> t, int i, int[] endOut) {
    double total = 0;
    double current = 0;
    int end = i - 1;
    int k = i;
    if (t.get(k).lower().equals("a") || Vocabulary.SCALES.containsKey(t.get(k).lower())) {
      current = 1; // "a hundred"
    }
    while (k < t.size() && t.get(k).word()) {
      String w = t.get(k).lower();
      Integer small = Vocabulary.SMALL_NUMBERS.get(w);
      Double scale = w.length() > 2 ? Vocabulary.SCALES.get(w) : null;
      if (small != null) {
        current += small;
      } else if (scale != null && scale == 100) {
        current = (current == 0 ? 1 : current) * 100;
      } else if (scale != null) {
        total += (current == 0 ? 1 : current) * scale;
        current = 0;
      } else if (w.equals("and")
          && k + 1 < t.size()
          && Vocabulary.SMALL_NUMBERS.containsKey(t.get(k + 1).lower())
          && end >= i) {
        k++;
        continue;
      } else {
        break;
      }
      end = k;
      k++;
    }
    endOut[0] = Math.max(end, i);
    return total + current;
  }

  /**
   * The dimension of the unit a word spells on its own ("tonnes" gives "mass", "%" a percentage),
   * or null when it spells none; one-letter units ("m", "s") are not read alone.
   *
   * @param t the tokens
   * @param i the word's index
   * @return the dimension, or null
   */
  static @org.jspecify.annotations.Nullable String unitDimension(List<Token> t, int i) {
    int u = unitAt(t, i);
    if (u == 0 || t.get(i).lower().length() < 2) {
      return null;
    }
    Unit unit = unitOf(t, i, u);
    return unit == null ? null : unit.dimension();
  }

  /**
   * The dimension of a unit named by one word ("tonnes", "percent"), or null; one-letter units are
   * not read alone.
   *
   * @param word the word, lower-cased
   * @return the dimension, or null
   */
  static @org.jspecify.annotations.Nullable String unitDimension(String word) {
    Unit unit = word.length() < 2 ? null : UNITS.get(word);
    return unit == null ? null : unit.dimension();
  }

  /** How many tokens from i spell a unit (0 when none). */
  private static int unitAt(List<Token> t, int i) {
    if (i >= t.size()) {
      return 0;
    }
    String w = t.get(i).lower();
    if (w.equals("°")
        && i + 1 < t.size()
        && (t.get(i + 1).lower().equals("c") || t.get(i + 1).lower().equals("f"))) {
      return 2;
    }
    if (w.equals("°c") || w.equals("°f")) {
      return 1;
    }
    if ((w.equals("degrees") || w.equals("degree")) && i + 1 < t.size()) {
      String n = t.get(i + 1).lower();
      if (n.equals("celsius")
          || n.equals("fahrenheit")
          || n.equals("c")
          || n.equals("f")
          || n.equals("centigrade")) {
        return 2;
      }
    }
    if (w.equals("per") && i + 1 < t.size() && t.get(i + 1).lower().equals("cent")) {
      return 2;
    }
    if (w.equals("percentage") && i + 1 < t.size() && t.get(i + 1).lower().startsWith("point")) {
      return 2;
    }
    return (UNITS.containsKey(w)
                && !(w.equals("s") || w.equals("b") || w.equals("h") || w.equals("x")))
            || (w.equals("x") && t.get(i).raw().equals("x"))
        ? 1
        : (w.equals("%") ? 1 : 0);
  }

  private static @org.jspecify.annotations.Nullable Unit unitOf(List<Token> t, int i, int length) {
    String w = t.get(i).lower();
    if (length == 2) {
      String n = t.get(i + 1).lower();
      if (w.equals("per")) {
        return UNITS.get("%");
      }
      if (w.equals("percentage")) {
        return new Unit("points", 1);
      }
      return n.startsWith("f") ? UNITS.get("fahrenheit") : UNITS.get("celsius");
    }
    if (w.equals("°c")) {
      return UNITS.get("celsius");
    }
    if (w.equals("°f")) {
      return UNITS.get("fahrenheit");
    }
    return UNITS.get(w);
  }

  /** How many tokens the bound before start spans (0 when none). */
  static int boundLength(List<Token> t, int start) {
    String p1 = start >= 1 ? t.get(start - 1).lower() : "";
    String p2 = start >= 2 ? t.get(start - 2).lower() : "";
    if (p1.equals("than")
        || ((p1.equals("least") || p1.equals("most")) && p2.equals("at"))
        || p1.equals("of")
        || (p1.equals("to") && p2.equals("up"))) {
      String p3 = start >= 3 ? t.get(start - 3).lower() : "";
      return p1.equals("than") && p3.equals("no") ? 3 : 2;
    }
    return bound(t, start) == Bound.EXACT ? 0 : 1;
  }

  /** The bound written before the quantity at start ("at least", "up to", "more than", "about"). */
  static Bound bound(List<Token> t, int start) {
    String p1 = start >= 1 ? t.get(start - 1).lower() : "";
    String p2 = start >= 2 ? t.get(start - 2).lower() : "";
    String p3 = start >= 3 ? t.get(start - 3).lower() : "";
    if (p1.equals("than")) {
      if (p2.equals("more") || p2.equals("greater") || p2.equals("higher") || p2.equals("over")) {
        return p3.equals("no") ? Bound.UPPER : Bound.LOWER;
      }
      if (p2.equals("less") || p2.equals("fewer") || p2.equals("lower")) {
        return p3.equals("no") ? Bound.LOWER : Bound.UPPER;
      }
    }
    if (p1.equals("least") && p2.equals("at")) {
      return Bound.LOWER;
    }
    if (p1.equals("most") && p2.equals("at")) {
      return Bound.UPPER;
    }
    if (p1.equals("of") && (p2.equals("minimum") || p2.equals("min"))) {
      return Bound.LOWER;
    }
    if (p1.equals("of") && (p2.equals("maximum") || p2.equals("max"))) {
      return Bound.UPPER;
    }
    if (p1.equals("to") && p2.equals("up")) {
      return Bound.UPPER;
    }
    return switch (p1) {
      case "over", "above", "exceeds", "exceeding", "exceed", "minimum", "min", "beyond" ->
          Bound.LOWER;
      case "under", "below", "within", "maximum", "max", "max.", "min.", "upto" -> Bound.UPPER;
      case "about",
          "around",
          "approximately",
          "roughly",
          "nearly",
          "almost",
          "some",
          "circa",
          "approx",
          "~" ->
          Bound.ABOUT;
      default -> Bound.EXACT;
    };
  }
}
