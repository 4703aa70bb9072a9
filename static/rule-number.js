/* Rules Judge: a rule number as the server reads it in a query (judge_app/corpus/numbers.normalise and
   judge_app/search/understanding.parse; tests/web/offline_cases.json holds the cases both must agree on),
   for the offline search (offline-search.js) and the number jump within a saved document
   (pack-navigation.js). */
(function () {
  "use strict";

  var SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz";
  var QUERY_PREFIX = /^\s*(?:(?:cr|c\.r\.|rules?|regras?|reglas?|r\.?|sections?|seção|secao|sección|seccion)(?=[\s\d])\s*)?/iu;
  var QUERY_NUMBER = /^([1-9]\d{2})(?:\.(\d{1,3})([a-z])?)?\.?$/i;
  var CHAPTER = /^[1-9]$/;
  var DECIMAL_COMMA = /(\d),(?=\d)/g;
  var MAX_CHARS = 1000;

  /* The query with control characters and runs of spaces made single spaces. */
  function clean(text) {
    return String(text || "").replace(/\p{C}/gu, " ").split(/\s+/).filter(Boolean).join(" ");
  }

  function normaliseNumber(text) {
    var s = text.trim().replace(QUERY_PREFIX, "").trim();
    if (CHAPTER.test(s)) return s;
    var m = QUERY_NUMBER.exec(s);
    if (!m) return null;
    var letter = (m[3] || "").toLowerCase();
    if (letter && SUBRULE_LETTERS.indexOf(letter) < 0) return null;
    return m[2] === undefined ? m[1] : m[1] + "." + parseInt(m[2], 10) + letter;
  }

  /* The rule number a whole query asks for, or null: understanding.parse(query).number. */
  function queryNumber(query) {
    var text = clean(query).slice(0, MAX_CHARS);
    return text ? normaliseNumber(text.replace(DECIMAL_COMMA, "$1.")) : null;
  }

  function parentOf(number) {
    if (CHAPTER.test(number)) return null;
    var m = /^(\d)(\d\d)(?:\.(\d+)([a-z]?))?$/.exec(number);
    if (!m) return null;
    if (m[4]) return m[1] + m[2] + "." + m[3];
    if (m[3] !== undefined) return m[1] + m[2];
    return m[1];
  }

  window.JudgeRuleNumber = { clean: clean, queryNumber: queryNumber, parentOf: parentOf, MAX_CHARS: MAX_CHARS };
})();
