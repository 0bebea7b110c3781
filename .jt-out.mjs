import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module2) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module2.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str) => REGEX_SPECIAL_CHARS.test(str);
    exports.isRegexChar = (str) => str.length === 1 && exports.hasRegexChars(str);
    exports.escapeRegex = (str) => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str) => str.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str) => {
      return str.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path5, { windows } = {}) => {
      const segs = path5.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module2) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts3 = [];
      let str = input;
      let index = -1;
      let start2 = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str.charCodeAt(index + 1);
      const advance = () => {
        prev = code;
        return str.charCodeAt(++index);
      };
      while (index < length) {
        code = advance();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start2 + 1) {
            start2 += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start2) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start2) {
          negated = token.negated = true;
          start2++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str;
      let prefix = "";
      let glob = "";
      if (start2 > 0) {
        prefix = str.slice(0, start2);
        str = str.slice(start2);
        lastIndex -= start2;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str.slice(0, lastIndex);
        glob = str.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob = str;
      } else {
        base = str;
      }
      if (base && base !== "" && base !== "/" && base !== str) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start: start2,
        base,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start2;
          const i2 = slashes[idx];
          const value2 = input.slice(n2, i2);
          if (opts.tokens) {
            if (idx === 0 && start2 !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i2 >= start2) {
            parts3.push(value2);
            prevIndex = i2;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start2;
        const value = input.slice(n);
        parts3.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts3;
      }
      return state;
    };
    module2.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module2) {
    "use strict";
    var constants = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants;
    var expandRange = (args2, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args2, options);
      }
      args2.sort();
      const value = `[${args2.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args2.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts3 = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts3.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts3.push(value);
      return parts3;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values2 = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i2 = 0; i2 < values2.length; i2++) {
        for (let j = i2 + 1; j < values2.length; j++) {
          const a = values2[i2];
          const b = values2[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i2 = 1; i2 < pattern.length; i2++) {
        const ch = pattern[i2];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i2 !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i2),
              end: i2
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source2 = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source2}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body2, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body2).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants.globChars(opts.windows);
      const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body2 = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body2, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open = tokens[token.tokensIndex];
          open.type = "text";
          open.value = literal;
          open.output = safeOutput || utils.escapeRegex(literal);
          for (let i2 = token.tokensIndex + 1; i2 < tokens.length; i2++) {
            tokens[i2].value = "";
            tokens[i2].output = "";
            delete tokens[i2].suffix;
          }
          state.output = token.output + open.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix5 = POSIX_REGEX_SOURCE[rest2];
                if (posix5) {
                  prev.value = pre + posix5;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open);
          push(open);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i2 = arr.length - 1; i2 >= 0; i2--) {
              tokens.pop();
              if (arr[i2].type === "brace") {
                break;
              }
              if (arr[i2].type !== "dots") {
                range.unshift(arr[i2].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out2 = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out2;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str) => {
        switch (str) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str);
            if (!match) return;
            const source3 = create(match[1]);
            if (!source3) return;
            return source3 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source2 = create(output);
      if (source2 && opts.strictSlashes !== true) {
        source2 += `${SLASH_LITERAL}?`;
      }
      return source2;
    };
    module2.exports = parse;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module2) {
    "use strict";
    var scan = require_scan();
    var parse = require_parse();
    var utils = require_utils();
    var constants = require_constants();
    var isObject2 = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject2(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix5 = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob, options) : picomatch2.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob, posix: posix5 });
        const result = { glob, state, regex, posix: posix5, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch2.test = (input, regex, options, { glob, posix: posix5 } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix5 ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix5);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob, options, posix5 = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch2.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix5 }));
    };
    picomatch2.isMatch = (str, patterns, options) => picomatch2(patterns, options)(str);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source2 = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source2 = `^(?!${source2}).*$`;
      }
      const regex = picomatch2.toRegex(source2, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source2, options) => {
      try {
        const opts = options || {};
        return new RegExp(source2, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err2) {
        if (options && options.debug === true) throw err2;
        return /$^/;
      }
    };
    picomatch2.constants = constants;
    module2.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module2) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch2(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module2.exports = picomatch2;
  }
});

// packages/mcp/src/gate/shell/judge.ts
import { lstatSync, readdirSync, readFileSync as readFileSync2 } from "node:fs";
import * as path4 from "node:path";

// packages/mcp/src/gate/shell-scan.ts
var REDIRECT = /(^|[\s;&|])(?:\d*>>?|&>)\s*(?:"([^"]*)"|'([^']*)'|(&\d+|[^\s;&|<>]+))/g;
var WORD = /"([^"]*)"|'([^']*)'|(\S+)/g;
var PREFIX_COMMANDS = /* @__PURE__ */ new Set(["sudo", "exec", "command", "nohup", "time"]);
var ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
var OPAQUE = "$__axiom_opaque";
function words(segment) {
  const out2 = [];
  for (const m of segment.matchAll(WORD)) {
    if (m[1] !== void 0) out2.push({ text: m[1], quoted: true });
    else if (m[2] !== void 0) out2.push({ text: m[2], quoted: true });
    else out2.push({ text: m[3], quoted: false });
  }
  return out2;
}
function isOperand(w) {
  if (w === "" || w === "-" || w === "--") return false;
  if (w.startsWith("-")) return false;
  if (w.includes("$") || w.includes("`")) return false;
  return true;
}
var isSwitch = (w) => /^\/[A-Za-z](:.*)?$/.test(w);
function sedTargets(args2) {
  let inPlace = false;
  let scriptFlag = false;
  const rest = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (w === "-e" || w === "-f" || w === "--expression" || w === "--file") {
      scriptFlag = true;
      i2++;
      continue;
    }
    if (w.startsWith("--expression=") || w.startsWith("--file=")) {
      scriptFlag = true;
      continue;
    }
    if (w === "--in-place" || w.startsWith("--in-place=")) {
      inPlace = true;
      continue;
    }
    if (/^-[A-Za-z]/.test(w)) {
      if (/^-[A-Za-z]*i/.test(w)) inPlace = true;
      continue;
    }
    rest.push(w);
  }
  if (!inPlace) return [];
  const files = scriptFlag ? rest : rest.slice(1);
  return files.filter(isOperand);
}
var PS_CMDLETS = {
  "remove-item": "delete",
  "set-content": "write",
  "add-content": "write",
  "out-file": "write",
  "move-item": "write",
  "copy-item": "write",
  "new-item": "write"
};
var PS_PATH_PARAMS = /* @__PURE__ */ new Set(["path", "literalpath", "filepath", "destination", "newname", "target"]);
var PS_VALUE_PARAMS = /* @__PURE__ */ new Set(["value", "encoding", "filter", "include", "exclude", "itemtype", "name"]);
function powershellTargets(args2) {
  const out2 = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (w.startsWith("-") && w.length > 1) {
      const name2 = w.slice(1).toLowerCase();
      if (PS_PATH_PARAMS.has(name2)) {
        const v = args2[++i2];
        if (v !== void 0) out2.push(v);
      } else if (PS_VALUE_PARAMS.has(name2)) i2++;
      continue;
    }
    out2.push(w);
  }
  return out2.filter(isOperand);
}
var GIT_SUBCOMMANDS = {
  checkout: "write",
  reset: "write",
  clean: "delete",
  restore: "write",
  rm: "delete",
  mv: "write",
  stash: "write"
};
function gitTargets(args2) {
  const at = args2.findIndex((w) => !w.startsWith("-"));
  const sub = at === -1 ? void 0 : args2[at];
  const op = sub === void 0 ? void 0 : GIT_SUBCOMMANDS[sub];
  if (sub === void 0 || op === void 0) return [];
  const after = args2.slice(at + 1);
  const dd = after.indexOf("--");
  const operands = (dd === -1 ? after : after.slice(dd + 1)).filter(isOperand);
  const out2 = operands.map((raw) => ({ raw, op }));
  if (sub === "clean" || sub === "reset" && after.includes("--hard")) out2.push({ raw: ".", op });
  return out2;
}
function commandTargets(ws) {
  let i2 = 0;
  while (i2 < ws.length && ASSIGNMENT.test(ws[i2])) i2++;
  while (i2 < ws.length && PREFIX_COMMANDS.has(ws[i2])) i2++;
  const head = ws[i2];
  if (head === void 0) return [];
  const cmd = head.split(/[/\\]/).pop().toLowerCase();
  const args2 = ws.slice(i2 + 1);
  const operands = () => args2.filter(isOperand);
  const all = (op) => operands().map((raw) => ({ raw, op }));
  switch (cmd) {
    case "tee":
    case "touch":
    case "truncate":
    case "mkdir":
    case "chmod":
      return all("write");
    case "rm":
    case "rmdir":
    case "unlink":
      return all("delete");
    case "mv":
    case "cp":
    case "ln":
    case "install": {
      const last = operands().pop();
      return last === void 0 ? [] : [{ raw: last, op: "write" }];
    }
    case "dd":
      return args2.filter((w) => w.startsWith("of=")).map((w) => ({ raw: w.slice(3), op: "write" })).filter((t) => isOperand(t.raw));
    case "sed":
      return sedTargets(args2).map((raw) => ({ raw, op: "write" }));
    case "del":
    case "erase":
      return args2.filter((w) => !isSwitch(w) && isOperand(w)).map((raw) => ({ raw, op: "delete" }));
    case "move":
    case "copy":
      return args2.filter((w) => !isSwitch(w) && isOperand(w)).map((raw) => ({ raw, op: "write" }));
    case "git":
      return gitTargets(args2);
    default: {
      const op = PS_CMDLETS[cmd];
      return op === void 0 ? [] : powershellTargets(args2).map((raw) => ({ raw, op }));
    }
  }
}
function scanShell(command) {
  const found = [];
  let text = command.replace(/\$\([^)]*\)?/g, OPAQUE).replace(/`[^`]*`?/g, OPAQUE);
  for (const m of text.matchAll(REDIRECT)) {
    const t = m[2] ?? m[3] ?? m[4];
    if (m[4] !== void 0 && /^&\d+$/.test(t)) continue;
    if (t.startsWith("/dev/") || !isOperand(t)) continue;
    found.push({ raw: t, op: "write" });
  }
  text = text.replace(REDIRECT, "$1 ");
  for (const segment of text.split(/[;&|]+/)) {
    found.push(...commandTargets(words(segment).map((w) => w.text)));
  }
  const seen = /* @__PURE__ */ new Set();
  return found.filter((t) => {
    if (seen.has(t.raw)) return false;
    seen.add(t.raw);
    return true;
  });
}

// packages/mcp/src/gate/shell/analyze.ts
import * as path3 from "node:path";

// packages/mcp/src/gate/shell/commands.ts
import * as path2 from "node:path";

// packages/mcp/src/gate/shell/words.ts
import { homedir } from "node:os";

// packages/mcp/src/gate/shell/glob-intersect.ts
var EXTGLOB = /^[@!?*+]\(/;
function parseClass(s, i2) {
  let j = i2 + 1;
  let neg = false;
  if (s[j] === "!" || s[j] === "^") {
    neg = true;
    j++;
  }
  let chars = "";
  const ranges = [];
  let first = true;
  while (j < s.length && (s[j] !== "]" || first)) {
    first = false;
    let c = s[j];
    if (c === "\\" && j + 1 < s.length) c = s[++j];
    if (s[j + 1] === "-" && j + 2 < s.length && s[j + 2] !== "]") {
      let hi = s[j + 2];
      let k = j + 2;
      if (hi === "\\" && k + 1 < s.length) hi = s[++k];
      ranges.push([c, hi]);
      j = k + 1;
      continue;
    }
    chars += c;
    j++;
  }
  if (j >= s.length) return void 0;
  return { atom: { t: "cls", neg, chars, ranges }, next: j + 1 };
}
function parseSegment(s) {
  if (s === "**") return "globstar";
  const out2 = [];
  for (let i2 = 0; i2 < s.length; ) {
    const c = s[i2];
    if (c === "\\" && i2 + 1 < s.length) {
      out2.push({ t: "lit", c: s[i2 + 1] });
      i2 += 2;
    } else if (EXTGLOB.test(s.slice(i2, i2 + 2))) {
      let depth = 0;
      let j = i2 + 1;
      for (; j < s.length; j++) {
        if (s[j] === "(") depth++;
        else if (s[j] === ")" && --depth === 0) break;
      }
      out2.push({ t: "star" });
      i2 = j + 1;
    } else if (c === "*") {
      if (out2.at(-1)?.t !== "star") out2.push({ t: "star" });
      i2++;
    } else if (c === "?") {
      out2.push({ t: "any" });
      i2++;
    } else if (c === "[") {
      const cls = parseClass(s, i2);
      if (cls) {
        out2.push(cls.atom);
        i2 = cls.next;
      } else {
        out2.push({ t: "lit", c });
        i2++;
      }
    } else {
      out2.push({ t: "lit", c });
      i2++;
    }
  }
  return out2;
}
function parsePattern(pattern) {
  const text = pattern.toLowerCase();
  const parts3 = [];
  let cur = "";
  let inClass = false;
  for (let i2 = 0; i2 < text.length; i2++) {
    const c = text[i2];
    if (c === "\\" && i2 + 1 < text.length) {
      cur += c + text[++i2];
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    if (c === "/" && !inClass) {
      parts3.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  parts3.push(cur);
  return parts3.filter((p) => p !== "" && p !== ".").map(parseSegment);
}
var EXTRA_CHARS = ["a", "z", "0", "9", ".", "-", "_", " ", "~", "\xE9", "\u2603", "/"];
function accepts(a, c) {
  if (a.t === "lit") return a.c === c;
  if (a.t === "any" || a.t === "star") return c !== "/";
  if (c === "/") return false;
  const inSet = a.chars.includes(c) || a.ranges.some(([lo, hi]) => c >= lo && c <= hi);
  return a.neg ? !inSet : inSet;
}
function candidates(a) {
  if (a.t === "lit") return [a.c];
  if (a.t === "cls") {
    const out2 = [...a.chars];
    for (const [lo, hi] of a.ranges) {
      out2.push(lo, hi);
      const next = String.fromCharCode(hi.charCodeAt(0) + 1);
      out2.push(next, String.fromCharCode(Math.max(0, lo.charCodeAt(0) - 1)));
    }
    return out2;
  }
  return [];
}
function charsMeet(a, b) {
  for (const c of [...candidates(a), ...candidates(b), ...EXTRA_CHARS]) if (accepts(a, c) && accepts(b, c)) return true;
  return false;
}
function segmentsMeet(a, b) {
  const seen = /* @__PURE__ */ new Set();
  const w = b.length + 1;
  const stack = [[0, 0]];
  while (stack.length > 0) {
    const [i2, j] = stack.pop();
    const key = i2 * w + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i2 === a.length && j === b.length) return true;
    const x = a[i2];
    const y = b[j];
    if (x?.t === "star") {
      stack.push([i2 + 1, j]);
      if (y !== void 0 && y.t !== "star") stack.push([i2, j + 1]);
    }
    if (y?.t === "star") {
      stack.push([i2, j + 1]);
      if (x !== void 0 && x.t !== "star") stack.push([i2 + 1, j]);
    }
    if (x !== void 0 && y !== void 0 && x.t !== "star" && y.t !== "star" && charsMeet(x, y))
      stack.push([i2 + 1, j + 1]);
  }
  return false;
}
function patternsMeet(a, b) {
  const seen = /* @__PURE__ */ new Set();
  const w = b.length + 1;
  const stack = [[0, 0]];
  while (stack.length > 0) {
    const [i2, j] = stack.pop();
    const key = i2 * w + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i2 === a.length && j === b.length) return true;
    const x = a[i2];
    const y = b[j];
    if (x === "globstar") {
      stack.push([i2 + 1, j]);
      if (y !== void 0) stack.push([i2, j + 1]);
    }
    if (y === "globstar") {
      stack.push([i2, j + 1]);
      if (x !== void 0) stack.push([i2 + 1, j]);
    }
    if (x !== void 0 && y !== void 0 && x !== "globstar" && y !== "globstar" && segmentsMeet(x, y))
      stack.push([i2 + 1, j + 1]);
  }
  return false;
}
function hasGlob(pattern) {
  for (let i2 = 0; i2 < pattern.length; i2++) {
    const c = pattern[i2];
    if (c === "\\") {
      i2++;
      continue;
    }
    if (c === "*" || c === "?" || c === "[") return true;
  }
  return false;
}
function unescapePattern(pattern) {
  return pattern.replace(/\\(.)/gs, "$1");
}
function escapePattern(text) {
  return text.replace(/[\\*?[\]{},]/g, "\\$&");
}
var MAX_EXPANSIONS = 256;
function expandBraces(pattern) {
  const out2 = expand(pattern, 0);
  if (out2 === void 0) return [pattern.replace(/(?<!\\)\{[^{}]*\}/g, "*")];
  return out2;
}
function expand(s, depth) {
  if (depth > 16) return void 0;
  for (let i2 = 0; i2 < s.length; i2++) {
    if (s[i2] === "\\") {
      i2++;
      continue;
    }
    if (s[i2] !== "{") continue;
    let level = 0;
    const commas = [];
    let end = -1;
    for (let j = i2; j < s.length; j++) {
      const c = s[j];
      if (c === "\\") {
        j++;
        continue;
      }
      if (c === "{") level++;
      else if (c === "}") {
        level--;
        if (level === 0) {
          end = j;
          break;
        }
      } else if (c === "," && level === 1) commas.push(j);
    }
    if (end === -1) return [s];
    const pre = s.slice(0, i2);
    const body2 = s.slice(i2 + 1, end);
    const post = s.slice(end + 1);
    let alts;
    if (commas.length > 0) {
      alts = [];
      let from = i2 + 1;
      for (const c of [...commas, end]) {
        alts.push(s.slice(from, c));
        from = c + 1;
      }
    } else alts = sequence(body2);
    if (alts === void 0) {
      const rest = expand(post, depth + 1);
      return rest?.map((r) => `${pre}{${body2}}${r}`);
    }
    const results = [];
    for (const alt of alts) {
      const sub = expand(pre + alt + post, depth + 1);
      if (sub === void 0) return void 0;
      results.push(...sub);
      if (results.length > MAX_EXPANSIONS) return void 0;
    }
    return results;
  }
  return [s];
}
function sequence(body2) {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body2);
  if (!m) return void 0;
  const [, a, b, stepText] = m;
  const step = Math.max(1, Math.abs(Number(stepText ?? "1")));
  const numeric = /\d/.test(a);
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  if (Math.abs(to - from) / step > MAX_EXPANSIONS) return void 0;
  const out2 = [];
  const dir = to >= from ? step : -step;
  for (let v = from; dir > 0 ? v <= to : v >= to; v += dir) out2.push(numeric ? String(v) : String.fromCharCode(v));
  return out2;
}
function matchSegment(name2, segmentPattern) {
  const a = parsePattern(escapePattern(name2));
  const b = parsePattern(segmentPattern);
  return a.length === 1 && b.length === 1 && patternsMeet(a, b);
}

// packages/mcp/src/gate/shell/words.ts
var known = (value) => ({ value, hint: value });
var unknown = (hint = "") => ({ value: null, hint });
function literalArg(pat) {
  return { opaque: false, pat, text: unescapePattern(pat), glob: hasGlob(pat) };
}
function textArg(text) {
  return literalArg(escapePattern(text));
}
var OPAQUE_ARG = { opaque: true, visible: "", prefix: "", suffix: "" };
var ANSI_SIMPLE = {
  a: "\x07",
  b: "\b",
  e: "\x1B",
  E: "\x1B",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "	",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?"
};
function decodeAnsiC(body2) {
  let out2 = "";
  for (let i2 = 0; i2 < body2.length; i2++) {
    const c = body2[i2];
    if (c !== "\\" || i2 + 1 >= body2.length) {
      out2 += c;
      continue;
    }
    const n = body2[++i2];
    if (n in ANSI_SIMPLE) out2 += ANSI_SIMPLE[n];
    else if (n === "x") {
      const m = /^[0-9a-fA-F]{1,2}/.exec(body2.slice(i2 + 1));
      if (m) {
        out2 += String.fromCharCode(Number.parseInt(m[0], 16));
        i2 += m[0].length;
      } else out2 += "\\x";
    } else if (n === "u" || n === "U") {
      const m = (n === "u" ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(body2.slice(i2 + 1));
      if (m) {
        out2 += String.fromCodePoint(Number.parseInt(m[0], 16));
        i2 += m[0].length;
      } else out2 += `\\${n}`;
    } else if (/[0-7]/.test(n)) {
      const m = /^[0-7]{1,3}/.exec(body2.slice(i2));
      out2 += String.fromCharCode(Number.parseInt(m[0], 8) & 255);
      i2 += m[0].length - 1;
    } else if (n === "c" && i2 + 1 < body2.length) {
      out2 += String.fromCharCode(body2.charCodeAt(++i2) & 31);
    } else out2 += `\\${n}`;
  }
  return out2;
}
function unquotedPattern(text) {
  let out2 = "";
  for (let i2 = 0; i2 < text.length; i2++) {
    const c = text[i2];
    if (c === "\\" && i2 + 1 < text.length) {
      const n = text[++i2];
      if (n === "\n") continue;
      out2 += escapePattern(n);
      continue;
    }
    out2 += c;
  }
  return out2;
}
function doubleQuotedText(text) {
  return text.replace(/\\([$`"\\\n])/g, (_m, c) => c === "\n" ? "" : c);
}
var IFS = /[ \t\n]/;
function variable(name2, quoted, ctx, source2) {
  const entry = ctx.vars.get(name2);
  if (entry === void 0) return { kind: "opaque", source: source2 };
  const v = entry.value;
  if (v === null) return { kind: "opaque", source: entry.hint === "" ? source2 : `${source2} ${entry.hint}` };
  if (!quoted && IFS.test(v)) return { kind: "opaque", source: `${source2} ${v}` };
  return { kind: "lit", pat: quoted ? escapePattern(v) : v.replace(/[\\{},]/g, "\\$&") };
}
function expansionPart(node, quoted, ctx) {
  const named = node.children.filter((c) => c.named);
  const ops = node.children.filter((c) => !c.named && c.type !== "${" && c.type !== "}");
  if (named.length === 1 && named[0]?.type === "variable_name" && ops.length === 0)
    return variable(named[0].text, quoted, ctx, node.text);
  for (const c of node.children) visitSubstitutions(c, ctx);
  return { kind: "opaque", source: node.text };
}
function visitSubstitutions(node, ctx) {
  if (node.type === "command_substitution" || node.type === "process_substitution") {
    ctx.substitution(node.children.filter((c) => c.named));
    return;
  }
  for (const c of node.children) visitSubstitutions(c, ctx);
}
function parts2(node, ctx, quoted, out2) {
  switch (node.type) {
    case "word":
    case "number":
    case "extglob_pattern":
    case "variable_name":
      out2.push({ kind: "lit", pat: quoted ? escapePattern(node.text) : unquotedPattern(node.text) });
      return;
    case "raw_string": {
      out2.push({ kind: "lit", pat: escapePattern(node.text.slice(1, -1)) });
      return;
    }
    case "ansi_c_string":
      out2.push({ kind: "lit", pat: escapePattern(decodeAnsiC(node.text.slice(2, -1))) });
      return;
    case "string_content":
      out2.push({ kind: "lit", pat: escapePattern(doubleQuotedText(node.text)) });
      return;
    case "string":
    case "translated_string": {
      const kids = node.children.filter((c) => c.named);
      if (kids.length === 0) out2.push({ kind: "lit", pat: "" });
      for (const c of kids) parts2(c, ctx, true, out2);
      return;
    }
    case "simple_expansion": {
      const name2 = node.children.find((c) => c.named);
      if (name2?.type === "variable_name") out2.push(variable(name2.text, quoted, ctx, node.text));
      else out2.push({ kind: "opaque", source: node.text });
      return;
    }
    case "expansion":
      out2.push(expansionPart(node, quoted, ctx));
      return;
    case "concatenation":
      for (const c of node.children) parts2(c, ctx, quoted, out2);
      return;
    case "command_substitution":
    case "process_substitution":
      ctx.substitution(node.children.filter((c) => c.named));
      out2.push({ kind: "opaque", source: node.text });
      return;
    default:
      if (node.type === "brace_expression" && !/[$`]/.test(node.text)) {
        out2.push({ kind: "lit", pat: node.text });
        return;
      }
      visitSubstitutions(node, ctx);
      if (node.named || /[$`]/.test(node.text)) out2.push({ kind: "opaque", source: node.text });
      else out2.push({ kind: "lit", pat: quoted ? escapePattern(node.text) : unquotedPattern(node.text) });
  }
}
function tilde(first, node) {
  if (first?.kind !== "lit" || !first.pat.startsWith("~")) return first;
  const startsUnquoted = node.type === "word" || node.type === "concatenation" && node.children[0]?.type === "word";
  if (!startsUnquoted) return first;
  if (first.pat === "~" || first.pat.startsWith("~/"))
    return { kind: "lit", pat: escapePattern(homedir()) + first.pat.slice(1) };
  return first;
}
function resolveWord(node, ctx) {
  const ps = [];
  parts2(node, ctx, false, ps);
  const head = tilde(ps[0], node);
  if (head) ps[0] = head;
  if (ps.every((p) => p.kind === "lit")) {
    const pat = ps.map((p) => p.pat).join("");
    return expandBraces(pat).map(literalArg);
  }
  const firstOpaque = ps.findIndex((p) => p.kind === "opaque");
  let lastOpaque = -1;
  ps.forEach((p, i2) => {
    if (p.kind === "opaque") lastOpaque = i2;
  });
  const patOf = (list) => list.map((p) => p.kind === "lit" ? p.pat : "").join("");
  return [
    {
      opaque: true,
      visible: ps.map((p) => p.kind === "lit" ? unescapePattern(p.pat) : p.source).join(""),
      prefix: patOf(ps.slice(0, firstOpaque)),
      suffix: patOf(ps.slice(lastOpaque + 1))
    }
  ];
}
var argText = (a) => a.opaque ? a.visible : a.text;

// packages/mcp/src/gate/shell/git.ts
var INERT_KEYS = [
  "user.*",
  "author.*",
  "committer.*",
  "color.*",
  "init.defaultbranch",
  "pull.rebase",
  "pull.ff",
  "push.default",
  "push.autosetupremote",
  "push.followtags",
  "fetch.prune",
  "fetch.prunetags",
  "fetch.parallel",
  "merge.ff",
  "merge.conflictstyle",
  "merge.log",
  "rebase.autosquash",
  "rebase.autostash",
  "rebase.updaterefs",
  "rerere.enabled",
  "rerere.autoupdate",
  "commit.gpgsign",
  "commit.verbose",
  "commit.cleanup",
  "tag.gpgsign",
  "tag.sort",
  "core.autocrlf",
  "core.eol",
  "core.filemode",
  "core.ignorecase",
  "core.quotepath",
  "core.whitespace",
  "core.safecrlf",
  "core.precomposeunicode",
  "core.longpaths",
  "core.symlinks",
  "core.compression",
  "core.bigfilethreshold",
  "core.abbrev",
  "advice.*",
  "branch.*.remote",
  "branch.*.merge",
  "branch.*.rebase",
  "branch.*.description",
  "branch.*.pushremote",
  "branch.autosetupmerge",
  "branch.autosetuprebase",
  "branch.sort",
  "remote.*.url",
  "remote.*.pushurl",
  "remote.*.fetch",
  "remote.*.push",
  "remote.*.tagopt",
  "remote.*.prune",
  "remote.pushdefault",
  "diff.algorithm",
  "diff.renames",
  "diff.colormoved",
  "diff.mnemonicprefix",
  "diff.noprefix",
  "diff.context",
  "diff.renamelimit",
  "log.*",
  "status.*",
  "help.autocorrect",
  "gc.auto",
  "gc.autodetach",
  "grep.*",
  "column.*",
  "i18n.*",
  "submodule.recurse",
  "checkout.defaultremote",
  "worktree.guessremote",
  "format.signoff",
  "http.postbuffer"
];
var ONE_SHOT_KEYS = ["core.pager", "pager.*", "core.editor", "sequence.editor"];
function keyMatches(key, pattern) {
  const k = key.toLowerCase().split(".");
  const p = pattern.split(".");
  if (p.at(-1) === "*" && p.length === 2) return k[0] === p[0] && k.length >= 2;
  if (k.length !== p.length) return false;
  return p.every((part, i2) => part === "*" || part === k[i2]);
}
function inertConfigKey(key, oneShot = false) {
  if (!/^[A-Za-z][\w-]*(\.[^=]*)?\.[A-Za-z][\w-]*$/.test(key)) return false;
  return INERT_KEYS.some((p) => keyMatches(key, p)) || oneShot && ONE_SHOT_KEYS.some((p) => keyMatches(key, p));
}
var GIT_VALUE_OPTS = /* @__PURE__ */ new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--super-prefix",
  "--config-env",
  "--attr-source",
  "--list-cmds"
]);
var WORKTREE_WRITES = {
  checkout: "write",
  reset: "write",
  clean: "delete",
  restore: "write",
  rm: "delete",
  mv: "write",
  stash: "write"
};
function configWrite(a, via) {
  a.emit({ kind: "rootPath", rel: ".git/config", op: "write", via });
}
function gitCommand(a, args2, st, ctx) {
  let s = st;
  let i2 = 0;
  for (; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (w.opaque) {
      a.opaque(args2.slice(i2), "git (unresolved option)", s, ctx);
      return st;
    }
    const t = w.text;
    if (!t.startsWith("-")) break;
    const eq = t.indexOf("=");
    const name2 = eq === -1 ? t : t.slice(0, eq);
    let value;
    if (GIT_VALUE_OPTS.has(name2)) {
      value = eq === -1 ? args2[++i2] : textArg(t.slice(eq + 1));
      if (value === void 0) return st;
    }
    if (name2 === "-C" && value) {
      if (value.opaque) s = { ...s, cwds: [null] };
      else s = { ...s, cwds: s.cwds.map((c) => c === null ? null : joinDir(c, value.text)) };
    } else if (name2 === "-c" && value) {
      const key = value.opaque ? "" : value.text.split("=")[0] ?? "";
      if (!inertConfigKey(key, true)) configWrite(a, `git -c ${argText(value)}`);
    } else if (name2 === "--config-env" && value) {
      const key = value.opaque ? "" : value.text.split("=")[0] ?? "";
      if (!inertConfigKey(key, true)) configWrite(a, `git --config-env ${argText(value)}`);
    } else if ((name2 === "--git-dir" || name2 === "--work-tree") && value) {
      a.mention(argText(value), `git ${name2}`, s);
    } else if (name2 === "--exec-path" && value) {
      a.mention(argText(value), "git --exec-path", s);
    }
  }
  const subArg = args2[i2];
  if (subArg === void 0) return st;
  const rest = args2.slice(i2 + 1);
  if (subArg.opaque) {
    a.opaque(args2.slice(i2), "git (unresolved subcommand)", s, ctx);
    return st;
  }
  const sub = subArg.text;
  const op = WORKTREE_WRITES[sub];
  if (op !== void 0) {
    const dd = rest.findIndex((x) => !x.opaque && x.text === "--");
    const operands = (dd === -1 ? rest : rest.slice(dd + 1)).filter((x) => x.opaque || !x.text.startsWith("-"));
    for (const o of operands) a.writeArg(o, op, `git ${sub}`, s);
    if (sub === "clean" || sub === "reset" && rest.some((x) => !x.opaque && x.text === "--hard"))
      a.writeArg(textArg("."), op, `git ${sub}`, s);
    return st;
  }
  switch (sub) {
    case "config":
      return gitConfig(a, rest, s, st);
    case "apply":
    case "am": {
      const p = getopts(rest, {
        long: ["directory", "exclude", "include", "whitespace", "build-fake-ancestor"],
        short: "pC"
      });
      for (const f of p.operands) {
        const text = f.opaque ? void 0 : a.readAt(f.text, s);
        if (text !== void 0) for (const x of patchPaths(text)) a.writeArg(textArg(x), "write", `git ${sub}`, s);
        else a.mention(argText(f), `git ${sub}`, s);
      }
      if (p.operands.length === 0 && ctx.stdin !== void 0)
        for (const x of patchPaths(ctx.stdin)) a.writeArg(textArg(x), "write", `git ${sub}`, s);
      return st;
    }
    case "worktree": {
      const [verb, ...more] = rest;
      if (verb && !verb.opaque && verb.text === "add") {
        const p = getopts(more, { short: "bB", long: ["reason"] });
        if (p.operands[0]) a.intoArg(p.operands[0], "write", "git worktree add", s);
      }
      return st;
    }
    case "clone":
    case "init": {
      const p = getopts(rest, {
        short: "obcju",
        long: [
          "origin",
          "branch",
          "config",
          "reference",
          "depth",
          "jobs",
          "upload-pack",
          "separate-git-dir",
          "template",
          "shallow-since",
          "shallow-exclude",
          "filter",
          "server-option",
          "object-format",
          "ref-format",
          "initial-branch",
          "bundle-uri"
        ]
      });
      for (const c of p.opts.filter((o) => (o.name === "c" || o.name === "config") && o.value))
        if (!inertConfigKey(argText(c.value).split("=")[0] ?? "")) configWrite(a, `git ${sub} --config`);
      if (p.opts.some((o) => o.name === "template" || o.name === "u" || o.name === "upload-pack"))
        configWrite(a, `git ${sub} --template`);
      const dir = sub === "clone" ? p.operands[1] : p.operands[0];
      if (dir) a.intoArg(dir, "write", `git ${sub}`, s);
      return st;
    }
    case "submodule": {
      const [verb, ...more] = rest;
      if (verb && !verb.opaque && verb.text === "add") {
        const p = getopts(more, { short: "b", long: ["branch", "name", "reference", "depth"] });
        if (p.operands[1]) a.intoArg(p.operands[1], "write", "git submodule add", s);
        a.writeArg(textArg(".gitmodules"), "write", "git submodule add", s);
      }
      return st;
    }
    case "archive":
    case "format-patch":
    case "bundle":
    case "diff":
    case "log":
    case "show":
    case "blame":
    case "shortlog": {
      const p = getopts(rest, {
        short: sub === "archive" || sub === "format-patch" ? "o" : "",
        long: ["output", "output-directory", "format", "prefix", "remote"]
      });
      for (const o of p.opts.filter((x) => ["o", "output", "output-directory"].includes(x.name) && x.value)) {
        if (sub === "format-patch") a.intoArg(o.value, "write", "git format-patch -o", s);
        else a.writeArg(o.value, "write", `git ${sub} --output`, s);
      }
      if (sub === "bundle" && p.operands[0] && !p.operands[0].opaque && p.operands[0].text === "create" && p.operands[1])
        a.writeArg(p.operands[1], "write", "git bundle create", s);
      return st;
    }
    case "filter-branch":
    case "filter-repo":
      a.opaque(rest, `git ${sub}`, s, ctx);
      return st;
    default:
      return st;
  }
}
var joinDir = (cwd, p) => p.startsWith("/") ? p : cwd === "" ? p : `${cwd}/${p}`;
var CONFIG_READ = /* @__PURE__ */ new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "--get-color",
  "--get-colorbool",
  "-l",
  "--list"
]);
var CONFIG_VALUE_OPTS = /* @__PURE__ */ new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value", "--url"]);
function gitConfig(a, rest, s, st) {
  let file;
  let read = false;
  let edit = false;
  let unset = false;
  let rename = false;
  const operands = [];
  for (let i2 = 0; i2 < rest.length; i2++) {
    const w = rest[i2];
    if (w.opaque) {
      operands.push(w);
      continue;
    }
    const t = w.text;
    const name2 = t.includes("=") && t.startsWith("--") ? t.slice(0, t.indexOf("=")) : t;
    if (CONFIG_VALUE_OPTS.has(name2)) {
      const v = t.includes("=") && t.startsWith("--") ? textArg(t.slice(t.indexOf("=") + 1)) : rest[++i2];
      if ((name2 === "-f" || name2 === "--file") && v) file = v;
      continue;
    }
    if (CONFIG_READ.has(name2)) read = true;
    else if (name2 === "-e" || name2 === "--edit") edit = true;
    else if (name2 === "--unset" || name2 === "--unset-all" || name2 === "--remove-section") unset = true;
    else if (name2 === "--rename-section") rename = true;
    else if (!t.startsWith("-") || operands.length > 0) operands.push(w);
  }
  const verb = operands[0] && !operands[0].opaque ? operands[0].text : "";
  if (["get", "list"].includes(verb)) return st;
  if (verb === "edit") edit = true;
  if (["unset", "remove-section"].includes(verb)) return st;
  if (verb === "rename-section") rename = true;
  if (["set", "edit", "rename-section"].includes(verb)) operands.shift();
  if (read || unset) return st;
  if (edit || rename) {
    configWrite(a, edit ? "git config --edit" : "git config --rename-section");
    if (file) a.writeArg(file, "write", "git config --file", s);
    return st;
  }
  if (operands.length < 2) return st;
  const key = operands[0];
  if (key.opaque || !inertConfigKey(key.text)) configWrite(a, `git config ${argText(key)}`);
  if (file) a.writeArg(file, "write", "git config --file", s);
  return st;
}

// packages/mcp/src/gate/shell/paths.ts
import * as path from "node:path";
var norm = (p) => {
  const n = path.posix.normalize(p);
  if (n === ".") return "";
  return n.length > 1 ? n.replace(/\/$/, "") : n;
};
function joinCwd(cwd, p) {
  if (path.posix.isAbsolute(p)) return norm(p);
  return norm(cwd === "" ? p : `${cwd}/${p}`);
}
function commandName(text) {
  const base = text.split(/[/\\]/).pop() ?? text;
  return base.toLowerCase().replace(/\.exe$/, "");
}
function joinPattern(cwd, pat) {
  if (pat.startsWith("/")) return pat;
  if (cwd === "") return pat;
  return `${escapePattern(cwd)}/${pat}`;
}

// packages/mcp/src/gate/shell/commands.ts
function patAfter(pat, n) {
  let i2 = 0;
  for (let k = 0; k < n && i2 < pat.length; k++) i2 += pat[i2] === "\\" ? 2 : 1;
  return pat.slice(i2);
}
function getopts(args2, spec = {}) {
  const opts = [];
  const operands = [];
  const short = spec.short ?? "";
  const long = new Set(spec.long ?? []);
  for (let i2 = 0; i2 < args2.length; i2++) {
    const a = args2[i2];
    if (a.opaque || a.text === "-" || !a.text.startsWith("-")) {
      operands.push(a);
      if (spec.stopAtOperand) {
        operands.push(...args2.slice(i2 + 1));
        break;
      }
      continue;
    }
    if (a.text === "--") {
      operands.push(...args2.slice(i2 + 1));
      break;
    }
    if (a.text.startsWith("--")) {
      const eq = a.pat.indexOf("=");
      if (eq !== -1) {
        opts.push({ name: a.text.slice(2, a.text.indexOf("=")), value: literalArg(a.pat.slice(eq + 1)) });
        continue;
      }
      const name2 = a.text.slice(2);
      if (long.has(name2)) opts.push({ name: name2, value: args2[++i2] ?? OPAQUE_ARG });
      else opts.push({ name: name2 });
      continue;
    }
    const letters = a.text.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const l = letters[j];
      if (short.includes(l)) {
        if (j + 1 < letters.length) opts.push({ name: l, value: literalArg(patAfter(a.pat, j + 2)) });
        else opts.push({ name: l, value: args2[++i2] ?? OPAQUE_ARG });
        break;
      }
      opts.push({ name: l });
    }
  }
  return { opts, operands };
}
var has = (p, ...names) => p.opts.some((o) => names.includes(o.name));
var values = (p, ...names) => p.opts.filter((o) => names.includes(o.name) && o.value !== void 0).map((o) => o.value);
var basenameArg = (a) => {
  if (a.opaque) return void 0;
  const b = path2.posix.basename(a.text.replace(/\/+$/, ""));
  return b === "" ? void 0 : textArg(b);
};
var joinArg = (dir, name2) => {
  if (dir.opaque || name2.opaque)
    return { opaque: true, visible: `${argText(dir)}/${argText(name2)}`, prefix: "", suffix: "" };
  return literalArg(`${dir.pat.replace(/\/+$/, "")}/${name2.pat}`);
};
var READ_ONLY = new Set(
  "ls ll la dir vdir cat tac less more head tail grep egrep fgrep rg ag ack wc diff cmp comm jq file stat du df tree realpath readlink basename dirname echo printf true false test [ [[ pwd which whereis type hash date sleep whoami id groups uname hostname printenv exit return break continue wait jobs fg bg disown kill shift getopts umask ulimit set shopt times let alias unalias md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum base32 base64 od hexdump strings column cut tr paste join fold fmt nl rev expand unexpand seq yes expr bc ps pgrep top htop free uptime lsof nproc getconf locale tput clear man info help history read mapfile readarray cd pushd popd dirs : logout tty stty lsblk mount findmnt".split(" ")
);
var ALL_OPERANDS = {
  tee: { op: "write", spec: { long: [] } },
  touch: { op: "write", spec: { short: "dtr", long: ["date", "reference", "time"] } },
  truncate: { op: "write", spec: { short: "sr", long: ["size", "reference"] } },
  mkdir: { op: "write", spec: { short: "mZ", long: ["mode", "context"] } },
  shred: { op: "write", spec: { short: "ns", long: ["iterations", "size", "random-source", "remove"] } },
  rm: { op: "delete", spec: {} },
  rmdir: { op: "delete", spec: {} },
  unlink: { op: "delete", spec: {} },
  mkfifo: { op: "write", spec: { short: "mZ", long: ["mode", "context"] } },
  mknod: { op: "write", spec: { short: "mZ", long: ["mode", "context"] } },
  sponge: { op: "write", spec: {} }
};
var SHELLS = /* @__PURE__ */ new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "rbash", "lksh"]);
var SHORT_VALUE_WRAPPERS = {
  nohup: { stopAtOperand: true },
  setsid: { stopAtOperand: true },
  unbuffer: { stopAtOperand: true },
  caffeinate: { short: "tw", stopAtOperand: true },
  nice: { short: "n", long: ["adjustment"], stopAtOperand: true },
  stdbuf: { short: "ioe", long: ["input", "output", "error"], stopAtOperand: true },
  ionice: { short: "cnp", long: ["class", "classdata", "pid", "pgid", "uid"], stopAtOperand: true },
  doas: { short: "uC", stopAtOperand: true },
  command: { stopAtOperand: true },
  builtin: { stopAtOperand: true },
  exec: { short: "a", stopAtOperand: true },
  time: { short: "fo", long: ["format", "output"], stopAtOperand: true },
  runuser: { short: "ugGw", long: ["user", "group", "supp-group", "whitelist-environment"], stopAtOperand: true },
  chrt: { stopAtOperand: true },
  taskset: { stopAtOperand: true },
  fakeroot: { short: "ils", stopAtOperand: true }
};
function runCommand(a, name2, args2, st, ctx) {
  if (READ_ONLY.has(name2)) {
    if (name2 === "cd" || name2 === "pushd") return cd(args2, st);
    if (name2 === "popd") return { ...st, cwds: [null] };
    if (name2 === "read" || name2 === "mapfile" || name2 === "readarray" || name2 === "getopts") {
      for (const x of args2) if (!x.opaque && /^[A-Za-z_]\w*$/.test(x.text)) st.vars.set(x.text, unknown());
    }
    if (name2 === "printf") {
      const p = getopts(args2, { short: "v" });
      for (const v of values(p, "v")) if (!v.opaque) st.vars.set(v.text, unknown());
    }
    return st;
  }
  const all = ALL_OPERANDS[name2];
  if (all !== void 0) {
    const p = getopts(args2, all.spec);
    for (const o of p.operands) a.writeArg(o, all.op, name2, st);
    return st;
  }
  switch (name2) {
    case "chmod":
    case "chown":
    case "chgrp":
    case "chattr":
    case "setfacl":
    case "chcon":
      return chmodLike(a, name2, args2, st);
    case "cp":
    case "mv":
    case "install":
    case "ln":
    case "link":
      return copyLike(a, name2, args2, st);
    case "dd":
      for (const x of args2)
        if (!x.opaque && x.text.startsWith("of=")) a.writeArg(literalArg(x.pat.slice(3)), "write", "dd of=", st);
        else if (x.opaque && x.prefix.startsWith("of="))
          a.writeArg({ ...x, prefix: x.prefix.slice(3) }, "write", "dd of=", st);
      return st;
    case "sed":
    case "gsed":
      return sed(a, args2, st);
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
    case "busybox-awk":
      return awk(a, args2, st, ctx);
    case "perl":
    case "ruby":
      return perlLike(a, name2, args2, st, ctx);
    case "patch":
      return patch(a, args2, st, ctx);
    case "tar":
    case "bsdtar":
    case "gtar":
      return tar(a, args2, st);
    case "unzip":
    case "7z":
    case "7za":
    case "bunzip2":
    case "gunzip":
    case "unxz":
    case "cpio":
      return unpack(a, name2, args2, st, ctx);
    case "rsync":
    case "scp":
      return rsync(a, name2, args2, st);
    case "curl":
      return curl(a, args2, st);
    case "wget":
      return wget(a, args2, st);
    case "find":
      return find(a, args2, st, ctx);
    case "xargs":
      return xargs(a, args2, st, ctx);
    case "sort":
      return outputOption(
        a,
        "sort",
        args2,
        st,
        {
          short: "kotTS",
          long: [
            "key",
            "output",
            "field-separator",
            "temporary-directory",
            "buffer-size",
            "files0-from",
            "random-source",
            "batch-size",
            "compress-program",
            "parallel"
          ]
        },
        ["o", "output"]
      );
    case "uniq":
    case "xxd":
    case "split": {
      const spec = name2 === "split" ? {
        short: "abCdlnt",
        long: [
          "suffix-length",
          "additional-suffix",
          "bytes",
          "line-bytes",
          "lines",
          "number",
          "separator",
          "filter"
        ]
      } : { short: name2 === "uniq" ? "fsw" : "cglosCn", long: ["skip-fields", "skip-chars", "check-chars", "group"] };
      const p = getopts(args2, spec);
      const out2 = p.operands[1];
      if (out2 !== void 0) {
        if (name2 === "split") a.writeArg(out2.opaque ? out2 : literalArg(`${out2.pat}*`), "write", "split prefix", st);
        else a.writeArg(out2, "write", `${name2} output`, st);
      }
      return st;
    }
    case "env":
      return env(a, args2, st, ctx);
    case "sudo":
    case "sudoedit":
      return sudo(a, name2, args2, st, ctx);
    case "timeout": {
      const p = getopts(args2, { short: "sk", long: ["signal", "kill-after"], stopAtOperand: true });
      return a.exec(p.operands.slice(1), st, ctx);
    }
    case "busybox":
    case "toybox":
      if (args2[0] && !args2[0].opaque && args2[0].text.startsWith("-")) return st;
      return a.exec(args2, st, ctx);
    case "flock": {
      const p = getopts(args2, {
        short: "wEc",
        long: ["timeout", "conflict-exit-code", "command"],
        stopAtOperand: true
      });
      const [file, ...rest] = p.operands;
      if (file) a.writeArg(file, "write", "flock file", st);
      for (const c of values(p, "c", "command")) runText(a, c, "flock -c", st);
      return rest.length > 0 ? a.exec(rest, st, ctx) : st;
    }
    case "watch": {
      const p = getopts(args2, { short: "nqd", long: ["interval", "differences"], stopAtOperand: true });
      if (has(p, "x", "exec")) return a.exec(p.operands, st, ctx);
      runText(a, textJoin(p.operands), "watch", st);
      return st;
    }
    case "su": {
      const p = getopts(args2, {
        short: "cgGsw",
        long: ["command", "group", "supp-group", "shell", "whitelist-environment", "session-command"]
      });
      for (const c of values(p, "c", "command", "session-command")) runText(a, c, "su -c", st);
      return st;
    }
    case "trap": {
      const first = args2.find((x) => x.opaque || !x.text.startsWith("-"));
      if (first !== void 0 && args2.length > 1) runText(a, first, "trap", st);
      return st;
    }
    case "eval":
      return runText(a, textJoin(args2), "eval", st, true);
    case "source":
    case ".":
      return source(a, args2, st, ctx);
    case "git":
      return gitCommand(a, args2, st, ctx);
    case "del":
    case "erase":
    case "rd":
      for (const x of args2.filter((w) => !isSwitch2(w))) a.writeArg(x, "delete", name2, st);
      return st;
    case "move":
    case "copy":
    case "xcopy":
    case "robocopy":
      for (const x of args2.filter((w) => !isSwitch2(w))) a.writeArg(x, "write", name2, st);
      return st;
    default:
      break;
  }
  if (SHELLS.has(name2)) return shell(a, name2, args2, st, ctx);
  const wrapper = SHORT_VALUE_WRAPPERS[name2];
  if (wrapper !== void 0) {
    const p = getopts(args2, wrapper);
    if (name2 === "command" && has(p, "v", "V")) return st;
    if (name2 === "time") for (const o of values(p, "o", "output")) a.writeArg(o, "write", "time -o", st);
    let rest = p.operands;
    if (name2 === "chrt" || name2 === "taskset") rest = has(p, "p", "pid") ? [] : rest.slice(1);
    if (name2 === "exec" && rest.length === 0) return st;
    return a.exec(rest, st, ctx);
  }
  const ps = PS_CMDLETS2[name2];
  if (ps !== void 0) return powershell(a, ps, args2, st);
  a.opaque(INTERPRETERS.has(name2) ? withoutScriptFile(args2) : args2, `program ${name2}`, st, ctx);
  return st;
}
var INTERPRETERS = /* @__PURE__ */ new Set(["node", "nodejs", "python", "python3", "python2", "deno", "bun", "tsx", "ts-node", "php", "lua", "rscript"]);
var INLINE_CODE = /* @__PURE__ */ new Set(["-c", "-e", "-p", "--eval", "--print", "-m", "-E"]);
var VALUE_FLAGS = /* @__PURE__ */ new Set(["-r", "--require", "--import", "--loader", "--experimental-loader", "-W", "-X", "--conditions", "-C"]);
function withoutScriptFile(args2) {
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (w.opaque) return args2;
    if (INLINE_CODE.has(w.text)) return args2;
    if (VALUE_FLAGS.has(w.text)) {
      i2++;
      continue;
    }
    if (w.text.startsWith("-")) continue;
    return [...args2.slice(0, i2), ...args2.slice(i2 + 1)];
  }
  return args2;
}
var isSwitch2 = (w) => !w.opaque && /^\/[A-Za-z](:.*)?$/.test(w.text);
function textJoin(args2) {
  if (args2.every((x) => !x.opaque)) return textArg(args2.map((x) => x.text).join(" "));
  return { opaque: true, visible: args2.map(argText).join(" "), prefix: "", suffix: "" };
}
function runText(a, text, via, st, sameShell = false) {
  if (text.opaque) {
    a.mention(text.visible, `${via} (not resolvable)`, st);
    for (const cwd of st.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "area", dir: cwd, via });
    return st;
  }
  const inner = sameShell ? st : { cwds: [...st.cwds], vars: /* @__PURE__ */ new Map(), links: st.links };
  const out2 = a.script(text.text, via, inner);
  return sameShell ? out2 : st;
}
function cd(args2, st) {
  const p = getopts(args2, {});
  const dir = p.operands[0];
  if (dir === void 0 || dir.opaque || dir.glob || dir.text === "-" || dir.text === "")
    return { ...st, cwds: [null] };
  return { ...st, cwds: st.cwds.map((c) => c === null ? null : joinCwd(c, dir.text)) };
}
function chmodLike(a, name2, args2, st) {
  const modeish = /^([0-7]{1,4}|[ugoa]*[-+=][rwxXstugo]*(,[ugoa]*[-+=][rwxXstugo]*)*)$/;
  const list = args2.map((x) => !x.opaque && name2 === "chmod" && modeish.test(x.text) ? textArg(`mode:${x.text}`) : x);
  const p = getopts(list, { long: ["reference", "from"], short: name2 === "setfacl" ? "mxMX" : "" });
  let operands = p.operands.filter((x) => x.opaque || !x.text.startsWith("mode:"));
  if (name2 !== "chmod" && !has(p, "reference") && name2 !== "setfacl") operands = operands.slice(1);
  if (name2 === "chattr") operands = operands.filter((x) => x.opaque || !/^[-+=]/.test(x.text));
  for (const o of operands) a.writeArg(o, "write", name2, st);
  return st;
}
function copyLike(a, name2, args2, st) {
  const spec = name2 === "install" ? { short: "tSmogZ", long: ["target-directory", "suffix", "mode", "owner", "group", "strip-program", "context"] } : {
    short: "tS",
    long: ["target-directory", "suffix", "sparse", "reflink", "preserve", "no-preserve", "context"]
  };
  const p = getopts(args2, spec);
  const tdir = values(p, "t", "target-directory").at(-1);
  const ops = p.operands;
  const symbolic = name2 === "ln" ? has(p, "s", "symbolic") : has(p, "s", "symbolic-link");
  const linking = name2 === "ln" || name2 === "link" || name2 === "cp" && (symbolic || has(p, "l", "link"));
  if (name2 === "install" && has(p, "d", "directory")) {
    for (const o of ops) a.writeArg(o, "write", "install -d", st);
    return st;
  }
  let sources;
  let dest;
  if (tdir !== void 0) {
    sources = ops;
    a.intoArg(tdir, "write", `${name2} -t`, st);
    for (const s of sources) {
      const b = basenameArg(s);
      const target = b === void 0 ? void 0 : joinArg(tdir, b);
      if (target) {
        if (linking) a.link(s, target, symbolic, name2, st);
        a.writeArg(target, "write", `${name2} -t`, st);
      }
    }
  } else if (ops.length >= 2 || ops.length === 1 && linking) {
    dest = ops.length === 1 ? basenameArg(ops[0]) : ops.at(-1);
    sources = ops.length === 1 ? ops : ops.slice(0, -1);
    if (dest === void 0) return st;
    a.writeArg(dest, "write", name2, st);
    if (!has(p, "T", "no-target-directory") || name2 === "cp") a.intoArg(dest, "write", name2, st);
    for (const s of sources) {
      const b = basenameArg(s);
      if (b !== void 0 && !(ops.length === 1)) a.writeArg(joinArg(dest, b), "write", name2, st);
      if (linking) {
        a.link(s, dest, symbolic, name2, st);
        if (b !== void 0 && ops.length > 1) a.link(s, joinArg(dest, b), symbolic, name2, st);
      }
    }
  } else return st;
  if (name2 === "mv") for (const s of sources) a.writeArg(s, "delete", "mv source", st);
  return st;
}
function sed(a, args2, st) {
  let inPlace = false;
  let scriptFlag = false;
  const rest = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    const t = w.opaque ? "" : w.text;
    if (t === "-e" || t === "-f" || t === "--expression" || t === "--file") {
      scriptFlag = true;
      const v = args2[++i2];
      if (v && t !== "-f" && t !== "--file") a.mention(argText(v), "sed script", st);
      continue;
    }
    if (t.startsWith("--expression=") || t.startsWith("--file=")) {
      scriptFlag = true;
      a.mention(t, "sed script", st);
      continue;
    }
    if (t === "--in-place" || t.startsWith("--in-place=")) {
      inPlace = true;
      continue;
    }
    if (/^-[A-Za-z]/.test(t) && !t.startsWith("--")) {
      if (/^-[A-Za-z]*i/.test(t)) inPlace = true;
      if (/^-[A-Za-z]*[ef]$/.test(t) && !/^-[A-Za-z]*i/.test(t)) {
        scriptFlag = true;
        const v = args2[++i2];
        if (v) a.mention(argText(v), "sed script", st);
      }
      continue;
    }
    if (t.startsWith("--")) continue;
    rest.push(w);
  }
  if (!scriptFlag && rest[0] !== void 0) a.mention(argText(rest[0]), "sed script", st);
  if (!inPlace) return st;
  const files = scriptFlag ? rest : rest.slice(1);
  for (const f of files) a.writeArg(f, "write", "sed -i", st);
  return st;
}
function awk(a, args2, st, ctx) {
  const p = getopts(args2, {
    short: "fvFilEeW",
    long: ["file", "assign", "field-separator", "include", "load", "exec", "source"]
  });
  const includes = values(p, "i", "include").map(argText);
  const inPlace = includes.some((v) => /^inplace(\.awk)?$/.test(v));
  const programGiven = has(p, "f", "file", "e", "source", "E", "exec");
  for (const v of values(p, "e", "source")) a.mention(argText(v), "awk program", st);
  const program = programGiven ? void 0 : p.operands[0];
  const files = programGiven ? p.operands : p.operands.slice(1);
  if (program !== void 0) a.mention(argText(program), "awk program", st);
  if (ctx.stdin !== void 0 && programGiven) a.mention(ctx.stdin, "awk stdin", st);
  if (inPlace) {
    for (const f of files) if (f.opaque || !/^\w+=/.test(f.text)) a.writeArg(f, "write", "awk -i inplace", st);
  }
  return st;
}
function perlLike(a, name2, args2, st, ctx) {
  let inPlace = false;
  let script = false;
  const files = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    const t = w.opaque ? "" : w.text;
    if (!script && /^-[A-Za-z0-9]/.test(t) && !t.startsWith("--")) {
      const cluster = t.slice(1);
      for (let j = 0; j < cluster.length; j++) {
        const l = cluster[j];
        if (l === "i") {
          inPlace = true;
          break;
        }
        if (l === "e" || l === "E") {
          script = true;
          if (j === cluster.length - 1) i2++;
          break;
        }
        if (l === "M" || l === "I" || l === "m" || l === "x" || l === "C" || l === "r") {
          if (j === cluster.length - 1) i2++;
          break;
        }
      }
      continue;
    }
    if (!script) {
      script = true;
      continue;
    }
    files.push(w);
  }
  a.opaque(args2, `interpreter ${name2}`, st, ctx);
  if (inPlace) for (const f of files) a.writeArg(f, "write", `${name2} -i`, st);
  return st;
}
function patchPaths(text) {
  const out2 = /* @__PURE__ */ new Set();
  for (const line of text.split(/\r?\n/)) {
    const m = /^(?:\+\+\+|---|\*\*\*) ([^\t\n]+)/.exec(line);
    if (!m) continue;
    const p = m[1].trim().replace(/^"(.*)"$/, "$1");
    if (p === "/dev/null" || p === "") continue;
    out2.add(p);
    const cut = p.split("/").slice(1).join("/");
    if (cut !== "") out2.add(cut);
  }
  return [...out2];
}
function patch(a, args2, st, ctx) {
  const p = getopts(args2, {
    short: "iodpBrDFVYzg",
    long: [
      "input",
      "output",
      "directory",
      "strip",
      "prefix",
      "reject-file",
      "ifdef",
      "fuzz",
      "version-control",
      "basename-prefix",
      "suffix",
      "get",
      "quoting-style"
    ]
  });
  let s = st;
  for (const d of values(p, "d", "directory")) s = cd([d], s);
  for (const o of values(p, "o", "output", "r", "reject-file")) a.writeArg(o, "write", "patch output", s);
  const [original, patchFile] = p.operands;
  if (original !== void 0) a.writeArg(original, "write", "patch", s);
  const input = values(p, "i", "input")[0] ?? patchFile;
  const text = input !== void 0 && !input.opaque ? a.readAt(input.text, s) : ctx.stdin;
  if (text !== void 0 && original === void 0) {
    for (const f of patchPaths(text)) a.writeArg(textArg(f), "write", "patch file header", s);
  } else if (original === void 0) {
    for (const cwd of s.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "area", dir: cwd, via: "patch" });
    if (input) a.mention(argText(input), "patch input", s);
  }
  return st;
}
function tar(a, args2, st) {
  let list = args2;
  const first = args2[0];
  if (first && !first.opaque && /^[A-Za-z]+$/.test(first.text)) {
    const letters = first.text;
    const rest = args2.slice(1);
    const expanded = [];
    let k = 0;
    for (const l of letters) {
      expanded.push(textArg(`-${l}`));
      if ("fCTXbKNgVH".includes(l) && rest[k] !== void 0) expanded.push(rest[k++]);
    }
    list = [...expanded, ...rest.slice(k)];
  }
  const p = getopts(list, {
    short: "fCTXbKNgVHI",
    long: [
      "file",
      "directory",
      "files-from",
      "exclude-from",
      "blocking-factor",
      "starting-file",
      "newer",
      "listed-incremental",
      "label",
      "format",
      "use-compress-program",
      "exclude",
      "transform",
      "xform",
      "owner",
      "group",
      "mode",
      "mtime",
      "strip-components",
      "to-command",
      "info-script",
      "new-volume-script",
      "rsh-command",
      "backup",
      "suffix",
      "index-file",
      "checkpoint-action"
    ]
  });
  const extract = has(p, "x", "extract", "get");
  const create = has(p, "c", "create", "r", "append", "u", "update", "A", "catenate", "concatenate");
  if (create) for (const f of values(p, "f", "file")) a.writeArg(f, "write", "tar archive", st);
  for (const c of values(
    p,
    "to-command",
    "info-script",
    "new-volume-script",
    "use-compress-program",
    "I",
    "rsh-command"
  ))
    a.mention(argText(c), "tar command", st);
  if (extract) {
    const dirs = values(p, "C", "directory");
    if (dirs.length === 0)
      for (const cwd of st.cwds) a.emit({ kind: "into", dir: cwd ?? "", op: "write", via: "tar -x" });
    for (const d of dirs) a.intoArg(d, "write", "tar -x -C", st);
    let s = st;
    for (const d of dirs) s = cd([d], s);
    for (const m of p.operands) a.writeArg(m, "write", "tar member", s);
  }
  return st;
}
function unpack(a, name2, args2, st, ctx) {
  if (name2 === "unzip") {
    const p2 = getopts(args2, { short: "dxP", long: [] });
    if (has(p2, "p", "l", "t", "v", "Z")) return st;
    const dirs = values(p2, "d");
    if (dirs.length === 0)
      for (const cwd of st.cwds) a.emit({ kind: "into", dir: cwd ?? "", op: "write", via: "unzip" });
    for (const d of dirs) a.intoArg(d, "write", "unzip -d", st);
    return st;
  }
  if (name2 === "7z" || name2 === "7za") {
    for (const x of args2)
      if (!x.opaque && x.text.startsWith("-o")) a.intoArg(literalArg(x.pat.slice(2)), "write", "7z -o", st);
    return st;
  }
  if (name2 === "cpio") {
    a.opaque(args2, "cpio", st, ctx);
    for (const cwd of st.cwds) a.emit({ kind: "into", dir: cwd ?? "", op: "write", via: "cpio" });
    return st;
  }
  const p = getopts(args2, { short: "S", long: ["suffix"] });
  if (has(p, "c", "stdout", "t", "test", "l", "list")) return st;
  for (const o of p.operands) {
    a.writeArg(o, "delete", name2, st);
    if (!o.opaque) a.writeArg(literalArg(o.pat.replace(/\.(gz|bz2|xz|z|tgz)$/i, "")), "write", name2, st);
  }
  return st;
}
function rsync(a, name2, args2, st) {
  const p = getopts(args2, {
    short: name2 === "scp" ? "cFiJloPS" : "efTBM",
    long: [
      "rsh",
      "exclude",
      "include",
      "filter",
      "files-from",
      "exclude-from",
      "include-from",
      "log-file",
      "log-file-format",
      "backup-dir",
      "suffix",
      "chmod",
      "chown",
      "temp-dir",
      "partial-dir",
      "compare-dest",
      "link-dest",
      "copy-dest",
      "bwlimit",
      "timeout",
      "contimeout",
      "port",
      "password-file",
      "out-format",
      "rsync-path",
      "max-size",
      "min-size",
      "modify-window",
      "block-size",
      "checksum-choice",
      "compress-choice",
      "compress-level",
      "usermap",
      "groupmap",
      "remote-option",
      "sockopts",
      "info",
      "debug",
      "stop-after",
      "stop-at",
      "iconv",
      "write-batch",
      "only-write-batch",
      "read-batch",
      "protocol",
      "max-delete",
      "outbuf",
      "address",
      "config"
    ]
  });
  for (const c of values(p, "e", "rsh", "rsync-path", "S")) a.mention(argText(c), `${name2} command`, st);
  for (const f of values(p, "log-file", "write-batch", "only-write-batch")) a.writeArg(f, "write", `${name2} log`, st);
  for (const d of values(p, "backup-dir", "temp-dir", "partial-dir")) a.intoArg(d, "write", name2, st);
  const ops = p.operands;
  if (ops.length < 2) return st;
  const dest = ops.at(-1);
  const remote = (x) => !x.opaque && /^[^/]*:/.test(x.text) && !/^[A-Za-z]:[\\/]/.test(x.text);
  if (remote(dest)) return st;
  a.writeArg(dest, "write", name2, st);
  a.intoArg(dest, "write", name2, st);
  for (const s of ops.slice(0, -1)) {
    const b = basenameArg(s);
    if (b && !remote(s)) a.writeArg(joinArg(dest, b), "write", name2, st);
  }
  return st;
}
var CURL_SHORT = "AbcCdDeEFHKmoPQrtTuUwxXyYz";
var CURL_LONG = [
  "output",
  "output-dir",
  "user-agent",
  "cookie",
  "cookie-jar",
  "continue-at",
  "data",
  "data-ascii",
  "data-binary",
  "data-raw",
  "data-urlencode",
  "dump-header",
  "referer",
  "cert",
  "form",
  "form-string",
  "header",
  "config",
  "max-time",
  "ftp-port",
  "quote",
  "range",
  "telnet-option",
  "upload-file",
  "user",
  "proxy-user",
  "write-out",
  "proxy",
  "request",
  "speed-limit",
  "speed-time",
  "time-cond",
  "trace",
  "trace-ascii",
  "stderr",
  "libcurl",
  "etag-save",
  "etag-compare",
  "hsts",
  "alt-svc",
  "connect-timeout",
  "retry",
  "retry-delay",
  "retry-max-time",
  "max-filesize",
  "max-redirs",
  "cacert",
  "capath",
  "key",
  "pass",
  "resolve",
  "connect-to",
  "url",
  "json",
  "variable",
  "expand-url",
  "create-file-mode",
  "unix-socket",
  "interface",
  "dns-servers",
  "noproxy"
];
function urlBase(u) {
  if (u.opaque) return void 0;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(u.text);
  const p = m?.[1] ?? "";
  const b = p.split("/").filter((s) => s !== "").at(-1);
  return b === void 0 ? void 0 : textArg(decodeURIComponentSafe(b));
}
function decodeURIComponentSafe(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
function curl(a, args2, st) {
  const p = getopts(args2, { short: CURL_SHORT, long: CURL_LONG });
  const outDir = values(p, "output-dir").at(-1);
  const inDir = (x) => outDir === void 0 || !x.opaque && x.text.startsWith("/") ? x : joinArg(outDir, x);
  for (const o of values(p, "o", "output")) a.writeArg(inDir(o), "write", "curl -o", st);
  for (const o of values(
    p,
    "D",
    "dump-header",
    "c",
    "cookie-jar",
    "trace",
    "trace-ascii",
    "stderr",
    "libcurl",
    "etag-save",
    "hsts",
    "alt-svc"
  ))
    a.writeArg(o, "write", "curl output file", st);
  for (const k of values(p, "K", "config")) a.mention(argText(k), "curl config", st);
  const urls = [...p.operands, ...values(p, "url")];
  if (has(p, "O", "remote-name", "remote-name-all")) {
    for (const u of urls) {
      const b = urlBase(u);
      if (b) a.writeArg(inDir(b), "write", "curl -O", st);
      else a.mention(argText(u), "curl -O", st);
    }
  }
  if (has(p, "J", "remote-header-name")) {
    if (outDir) a.intoArg(outDir, "write", "curl -J", st);
    else
      for (const cwd of st.cwds)
        if (cwd !== null && cwd !== "") a.emit({ kind: "into", dir: cwd, op: "write", via: "curl -J" });
  }
  return st;
}
function wget(a, args2, st) {
  const p = getopts(args2, {
    short: "OoaPeiBtTwQUYlARDXIF",
    long: [
      "output-document",
      "output-file",
      "append-output",
      "directory-prefix",
      "execute",
      "input-file",
      "base",
      "tries",
      "timeout",
      "wait",
      "quota",
      "user-agent",
      "level",
      "accept",
      "reject",
      "domains",
      "exclude-directories",
      "include-directories",
      "config",
      "header",
      "post-data",
      "post-file",
      "user",
      "password",
      "http-user",
      "http-password",
      "load-cookies",
      "save-cookies",
      "save-headers",
      "referer",
      "bind-address",
      "limit-rate",
      "dns-timeout",
      "connect-timeout",
      "read-timeout",
      "cut-dirs",
      "default-page",
      "adjust-extension",
      "restrict-file-names",
      "method",
      "body-data",
      "body-file",
      "ca-certificate",
      "certificate",
      "private-key",
      "rejected-log",
      "warc-file",
      "backups",
      "progress",
      "hsts-file"
    ]
  });
  const prefix = values(p, "P", "directory-prefix").at(-1);
  const docs = values(p, "O", "output-document");
  for (const o of docs) a.writeArg(o, "write", "wget -O", st);
  for (const o of values(
    p,
    "o",
    "output-file",
    "a",
    "append-output",
    "save-cookies",
    "rejected-log",
    "warc-file",
    "hsts-file"
  ))
    a.writeArg(o, "write", "wget log", st);
  for (const c of values(p, "e", "execute", "config")) a.mention(argText(c), "wget command", st);
  if (docs.length > 0) return st;
  if (has(p, "r", "recursive", "m", "mirror", "x", "force-directories", "p", "page-requisites")) {
    if (prefix) a.intoArg(prefix, "write", "wget -r", st);
    else
      for (const cwd of st.cwds)
        if (cwd !== null && cwd !== "") a.emit({ kind: "into", dir: cwd, op: "write", via: "wget -r" });
    return st;
  }
  for (const u of p.operands) {
    const b = urlBase(u) ?? textArg("index.html");
    a.writeArg(prefix ? joinArg(prefix, b) : b, "write", "wget", st);
  }
  return st;
}
var FIND_VALUE_TESTS = new Set(
  "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype -user -group -uid -gid -perm -size -mtime -mmin -atime -amin -ctime -cmin -newer -anewer -cnewer -newerXY -maxdepth -mindepth -links -inum -samefile -used -fstype -context -regextype -printf -files0-from".split(" ")
);
function find(a, args2, st, ctx) {
  const starts = [];
  let i2 = 0;
  for (; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (!w.opaque && (w.text.startsWith("-") || ["(", ")", "!", ","].includes(w.text))) break;
    starts.push(w);
  }
  if (starts.length === 0) starts.push(textArg("."));
  const expr = args2.slice(i2);
  let nameFilter;
  for (let j = 0; j < expr.length; j++) {
    const w = expr[j];
    if (w.opaque) continue;
    if ((w.text === "-name" || w.text === "-iname") && expr[j + 1] && !expr[j + 1]?.opaque)
      nameFilter = expr[j + 1].text.replace(/\//g, "");
  }
  const found = (s) => s.opaque ? s : literalArg(`${s.pat.replace(/\/+$/, "")}/**${nameFilter === void 0 ? "" : `/${nameFilter}`}`);
  for (let j = 0; j < expr.length; j++) {
    const w = expr[j];
    if (w.opaque) continue;
    const t = w.text;
    if (t === "-delete") for (const s of starts) a.writeArg(found(s), "delete", "find -delete", st);
    else if (t === "-fprint" || t === "-fprint0" || t === "-fls" || t === "-fprintf") {
      const f = expr[++j];
      if (f) a.writeArg(f, "write", `find ${t}`, st);
      if (t === "-fprintf") j++;
    } else if (t === "-exec" || t === "-execdir" || t === "-ok" || t === "-okdir") {
      const cmd = [];
      for (j++; j < expr.length; j++) {
        const x = expr[j];
        if (!x.opaque && (x.text === ";" || x.text === "+" && cmd.some((c) => !c.opaque && c.text.includes("{}"))))
          break;
        cmd.push(x);
      }
      const dir = t === "-execdir" || t === "-okdir";
      for (const s of starts) {
        const f = dir ? literalArg(`./${nameFilter ?? "*"}`) : found(s);
        const argv = cmd.map((x) => {
          if (x.opaque || !x.text.includes("{}")) return x;
          if (f.opaque) return f;
          return literalArg(x.pat.split("{}").join(f.pat));
        });
        a.exec(argv, dir ? { ...st, cwds: [null] } : st, ctx);
      }
    } else if (FIND_VALUE_TESTS.has(t)) j++;
  }
  return st;
}
function xargs(a, args2, st, ctx) {
  const p = getopts(args2, {
    short: "IaEdLnPs",
    long: [
      "replace",
      "arg-file",
      "eof",
      "delimiter",
      "max-lines",
      "max-args",
      "max-procs",
      "max-chars",
      "process-slot-var"
    ],
    stopAtOperand: true
  });
  const replace = values(p, "I", "replace", "i").map(argText).at(-1) ?? (has(p, "i", "replace") ? "{}" : void 0);
  let argv = p.operands.length > 0 ? p.operands : [textArg("echo")];
  const item = { opaque: true, visible: ctx.stdin ?? "", prefix: "", suffix: "" };
  if (replace !== void 0 && replace !== "") {
    argv = argv.map((x) => {
      if (x.opaque || !x.text.includes(replace)) return x;
      const [pre, ...rest] = x.pat.split(escapePattern(replace));
      return {
        opaque: true,
        visible: x.text.split(replace).join(item.visible),
        prefix: pre ?? "",
        suffix: rest.at(-1) ?? ""
      };
    });
  } else argv = [...argv, item];
  return a.exec(argv, st, {});
}
function env(a, args2, st, ctx) {
  const p = getopts(args2, {
    short: "uCSP",
    long: ["unset", "chdir", "split-string", "default-signal", "ignore-signal", "block-signal"],
    stopAtOperand: true
  });
  let s = st;
  for (const d of values(p, "C", "chdir")) s = cd([d], s);
  const split = values(p, "S", "split-string");
  const rest = [...p.operands];
  while (rest[0] !== void 0 && !rest[0].opaque && (/^[A-Za-z_]\w*=/.test(rest[0].text) || rest[0].text === "-"))
    rest.shift();
  for (const sp of split) {
    runText(a, rest.length > 0 ? textJoin([sp, ...rest]) : sp, "env -S", s);
    return st;
  }
  if (rest.length > 0) a.exec(rest, s, ctx);
  return st;
}
function sudo(a, name2, args2, st, ctx) {
  const p = getopts(args2, {
    short: "ugCDhprtUTc",
    long: ["user", "group", "close-from", "chdir", "host", "prompt", "role", "type", "other-user", "command-timeout"],
    stopAtOperand: true
  });
  let s = st;
  for (const d of values(p, "D", "chdir")) s = cd([d], s);
  if (name2 === "sudoedit" || has(p, "e", "edit")) {
    for (const f of p.operands) a.writeArg(f, "write", "sudoedit", s);
    return st;
  }
  if (has(p, "l", "list", "v", "validate", "k", "K", "reset-timestamp", "remove-timestamp")) return st;
  a.exec(p.operands, s, ctx);
  return st;
}
function shell(a, name2, args2, st, ctx) {
  let command;
  let fromStdin = false;
  const operands = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (operands.length > 0 || w.opaque || !/^[-+]/.test(w.text) || w.text === "-" || w.text === "--") {
      if (!w.opaque && (w.text === "--" || w.text === "-") && operands.length === 0) {
        operands.push(...args2.slice(i2 + 1));
        break;
      }
      operands.push(w);
      continue;
    }
    if (w.text.startsWith("--")) {
      if (["--rcfile", "--init-file"].includes(w.text)) i2++;
      continue;
    }
    const letters = w.text.slice(1);
    if (letters.includes("c")) command = textArg("");
    if (letters.includes("s")) fromStdin = true;
    if (/[oO]$/.test(letters)) i2++;
  }
  if (command !== void 0) {
    const text2 = operands.shift();
    if (text2 !== void 0) runText(a, text2, `${name2} -c`, st);
    for (const o of operands) a.mention(argText(o), `${name2} -c argument`, st);
    return st;
  }
  if (fromStdin || operands.length === 0) {
    if (ctx.stdin !== void 0) runText(a, textArg(ctx.stdin), `${name2} (stdin)`, st);
    else if (ctx.stdinFile === void 0) {
      for (const cwd of st.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "area", dir: cwd, via: name2 });
    }
    for (const o of operands) a.mention(argText(o), `${name2} argument`, st);
    return st;
  }
  const [file, ...rest] = operands;
  const text = file !== void 0 && !file.opaque ? a.readAt(file.text, st) : void 0;
  if (text !== void 0) runText(a, textArg(text), `${name2} script ${argText(file)}`, st);
  else a.opaque(operands, `${name2} script`, st, ctx);
  for (const o of rest) a.mention(argText(o), `${name2} script argument`, st);
  return st;
}
function source(a, args2, st, ctx) {
  const [file, ...rest] = args2;
  if (file === void 0) return st;
  const text = !file.opaque ? a.readAt(file.text, st) : void 0;
  for (const o of rest) a.mention(argText(o), "source argument", st);
  if (text !== void 0) return runText(a, textArg(text), `source ${argText(file)}`, st, true);
  a.opaque(args2, "source", st, ctx);
  return st;
}
function outputOption(a, name2, args2, st, spec, names) {
  const p = getopts(args2, spec);
  for (const o of values(p, ...names)) a.writeArg(o, "write", `${name2} output`, st);
  for (const c of values(p, "compress-program")) a.mention(argText(c), `${name2} program`, st);
  return st;
}
var PS_CMDLETS2 = {
  "remove-item": "delete",
  "set-content": "write",
  "add-content": "write",
  "out-file": "write",
  "move-item": "write",
  "copy-item": "write",
  "new-item": "write",
  "rename-item": "write",
  "clear-content": "write",
  "set-itemproperty": "write",
  "export-csv": "write",
  "tee-object": "write",
  ri: "delete",
  rni: "write",
  ni: "write",
  sc: "write",
  ac: "write",
  mi: "write",
  cpi: "write"
};
var PS_PATH_PARAMS2 = /* @__PURE__ */ new Set(["path", "literalpath", "filepath", "destination", "newname", "target", "pspath"]);
var PS_VALUE_PARAMS2 = /* @__PURE__ */ new Set([
  "value",
  "encoding",
  "filter",
  "include",
  "exclude",
  "itemtype",
  "name",
  "inputobject",
  "type"
]);
function powershell(a, op, args2, st) {
  for (let i2 = 0; i2 < args2.length; i2++) {
    const w = args2[i2];
    if (!w.opaque && w.text.startsWith("-") && w.text.length > 1) {
      const pname = w.text.slice(1).toLowerCase().replace(/:$/, "");
      if (PS_PATH_PARAMS2.has(pname)) {
        const v = args2[++i2];
        if (v !== void 0) for (const part of splitComma(v)) a.writeArg(part, op, "powershell", st);
      } else if (PS_VALUE_PARAMS2.has(pname)) i2++;
      continue;
    }
    for (const part of splitComma(w)) a.writeArg(part, op, "powershell", st);
  }
  return st;
}
function splitComma(w) {
  if (w.opaque || !w.text.includes(",")) return [w];
  return w.text.split(",").map((s) => textArg(s.trim()));
}

// packages/mcp/src/gate/shell/analyze.ts
var MAX_DEPTH = 8;
var MAX_FINDINGS = 1e5;
var MAX_CWDS = 8;
var MAX_LOOP_VALUES = 16;
function unionCwds(...lists) {
  const out2 = [];
  for (const l of lists) for (const c of l) if (!out2.includes(c)) out2.push(c);
  return out2.length > MAX_CWDS ? [null] : out2;
}
function mergeVars(a, b) {
  const out2 = /* @__PURE__ */ new Map();
  for (const k of /* @__PURE__ */ new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k);
    const y = b.get(k);
    if (x === void 0 || y === void 0) out2.set(k, x ?? y);
    else if (x.value !== null && x.value === y.value) out2.set(k, x);
    else out2.set(k, unknown([x.hint, y.hint].filter((h) => h !== "").join(" ")));
  }
  return out2;
}
function merge(...states) {
  const [first, ...rest] = states;
  let vars = first.vars;
  const links = new Map(first.links);
  for (const s of rest) {
    vars = mergeVars(vars, s.vars);
    for (const [k, v] of s.links) links.set(k, v);
  }
  return { cwds: unionCwds(...states.map((s) => s.cwds)), vars, links };
}
var copy = (s) => ({ cwds: [...s.cwds], vars: new Map(s.vars), links: new Map(s.links) });
var Analyzer = class {
  constructor(host) {
    this.host = host;
  }
  host;
  findings = [];
  depth = 0;
  functions = /* @__PURE__ */ new Map();
  // ---- emitting ---------------------------------------------------------------------------
  emit(f) {
    if (this.findings.length >= MAX_FINDINGS) throw new Error("the command line is too complex to judge");
    this.findings.push(f);
  }
  /** A write (or delete) of one argument under every possible cwd. */
  writeArg(arg, op, via, st) {
    for (const cwd of st.cwds) this.writeArgAt(arg, op, via, cwd, st);
  }
  writeArgAt(arg, op, via, cwd, st) {
    if (!arg.opaque) {
      if (arg.text === "" || arg.text === "-") return;
      if (!arg.glob && /^\/dev\//.test(arg.text)) return;
      if (cwd === null && !path3.posix.isAbsolute(arg.text)) {
        this.emit({ kind: "loose", name: arg.pat, op, via });
        return;
      }
      const base = cwd ?? "";
      if (arg.glob) {
        this.emit({
          kind: "glob",
          pattern: path3.posix.isAbsolute(arg.pat) ? arg.pat : joinPattern(base, arg.pat),
          op,
          via
        });
        return;
      }
      const raw = joinCwd(base, arg.text);
      this.emit({ kind: "path", raw: raw === "" ? "." : raw, op, via });
      for (const [link, target] of st.links) {
        if (raw === link || raw.startsWith(`${link}/`))
          this.emit({
            kind: "path",
            raw: norm(target + raw.slice(link.length)) || ".",
            op,
            via: `${via} (via link ${link})`
          });
      }
      return;
    }
    this.emit({ kind: "mention", text: arg.visible, cwd, via });
    const slash = arg.prefix.lastIndexOf("/");
    if (slash > 0 && cwd !== null) {
      const dir = unescapePattern(arg.prefix.slice(0, slash));
      this.emit({ kind: "into", dir: joinCwd(cwd, dir), op, via });
    }
    const tail = arg.suffix.split("/");
    if (arg.suffix.includes("/") && (tail.at(-1) ?? "") !== "")
      this.emit({ kind: "loose", name: tail.at(-1), op, via });
  }
  /** Unknown names written under a directory argument. */
  intoArg(arg, op, via, st) {
    for (const cwd of st.cwds) {
      if (arg.opaque) {
        this.emit({ kind: "mention", text: arg.visible, cwd, via });
        continue;
      }
      if (arg.glob) {
        this.emit({ kind: "glob", pattern: joinPattern(cwd ?? "", `${arg.pat}/**`), op, via });
        continue;
      }
      if (cwd === null && !path3.posix.isAbsolute(arg.text)) {
        this.emit({ kind: "mention", text: arg.text, cwd, via });
        continue;
      }
      const dir = joinCwd(cwd ?? "", arg.text);
      this.emit({ kind: "into", dir, op, via });
      for (const [link, target] of st.links)
        if (dir === link || dir.startsWith(`${link}/`))
          this.emit({ kind: "into", dir: norm(target + dir.slice(link.length)), op, via });
    }
  }
  /** The text of an opaque command's argument: checked for protected names. */
  mention(text, via, st) {
    if (text === "") return;
    for (const cwd of st.cwds) this.emit({ kind: "mention", text, cwd, via });
  }
  /** An opaque command: all its words (and its stdin text) may name what it writes. */
  opaque(args2, via, st, ctx) {
    for (const a of args2) this.mention(argText(a), via, st);
    if (ctx.stdin !== void 0) this.mention(ctx.stdin, `${via} (stdin)`, st);
    for (const cwd of st.cwds) if (cwd !== null && cwd !== "") this.emit({ kind: "area", dir: cwd, via });
  }
  /** A link named `link` pointing at `target` (symbolic: relative to the link's directory). */
  link(target, link, symbolic, via, st) {
    for (const cwd of st.cwds) {
      if (target.opaque) {
        this.emit({ kind: "mention", text: target.visible, cwd, via });
        continue;
      }
      if (cwd === null && !path3.posix.isAbsolute(target.text)) {
        this.emit({ kind: "mention", text: target.text, cwd, via });
        continue;
      }
      const base = cwd ?? "";
      if (link.opaque || link.glob) {
        this.emit({ kind: "alias", source: joinCwd(base, target.text), via });
        continue;
      }
      const linkPath = joinCwd(base, link.text);
      const source2 = symbolic ? joinCwd(path3.posix.dirname(linkPath), target.text) : joinCwd(base, target.text);
      this.emit({ kind: "alias", source: source2, via });
      st.links.set(linkPath, source2);
    }
  }
  // ---- words ------------------------------------------------------------------------------
  words(node, st) {
    return resolveWord(node, {
      vars: st.vars,
      substitution: (body2) => this.substatements(body2, copy(st))
    });
  }
  substatements(body2, st) {
    let s = st;
    for (const n of body2) s = this.statement(n, s);
  }
  // ---- statements -------------------------------------------------------------------------
  run(root2, st) {
    return this.sequence(root2.children, st);
  }
  /** Nested shell text (sh -c, eval, heredoc scripts): parsed and walked; too deep → opaque. */
  script(text, via, st) {
    if (this.depth >= MAX_DEPTH) {
      this.mention(text, via, st);
      return st;
    }
    this.depth++;
    try {
      const tree = this.host.parse(text);
      if (hasError(tree)) this.mention(text, `${via} (unparsed part)`, st);
      return this.sequence(tree.children, st);
    } finally {
      this.depth--;
    }
  }
  sequence(nodes, st) {
    let s = st;
    for (const n of nodes) if (n.named) s = this.statement(n, s);
    return s;
  }
  statement(node, st, ctx = {}) {
    switch (node.type) {
      case "comment":
        return st;
      case "program":
      case "compound_statement":
      case "do_group":
        return this.sequence(node.children, st);
      case "subshell":
        this.sequence(node.children, copy(st));
        return st;
      case "list":
        return this.list(node, st);
      case "pipeline":
        this.pipeline(
          node.children.filter((c) => c.named),
          st,
          ctx
        );
        return st;
      case "redirected_statement":
        return this.redirected(node, st, ctx);
      case "command":
        return this.command(node, st, ctx);
      case "variable_assignment":
        this.assign(node, st);
        return st;
      case "variable_assignments":
        for (const c of node.children) if (c.type === "variable_assignment") this.assign(c, st);
        return st;
      case "declaration_command":
        return this.declaration(node, st);
      case "unset_command":
        for (const c of node.children) if (c.named) st.vars.set(c.text, unknown());
        return st;
      case "function_definition": {
        const name2 = node.children.find((c) => c.field === "name");
        const body2 = node.children.find((c) => c.field === "body");
        if (name2 && body2) this.functions.set(name2.text, body2);
        if (body2) this.statement(body2, copy(st));
        for (const r of node.children.filter((c) => c.field === "redirect")) this.redirect(r, st, ctx);
        return st;
      }
      case "if_statement":
        return this.ifStatement(node, st);
      case "while_statement":
        return this.loop(node, st);
      case "for_statement":
        return this.forStatement(node, st);
      case "c_style_for_statement":
        return this.loop(node, st);
      case "case_statement":
        return this.caseStatement(node, st);
      case "negated_command":
        return this.sequence(node.children, st);
      default:
        return this.generic(node, st);
    }
  }
  generic(node, st) {
    let s = st;
    for (const c of node.children) {
      if (STATEMENT_TYPES.has(c.type)) s = this.statement(c, s);
      else
        visitSubstitutions(c, {
          vars: s.vars,
          substitution: (body2) => this.substatements(body2, copy(s))
        });
    }
    return s;
  }
  list(node, st) {
    let s = st;
    let pendingOp;
    for (const c of node.children) {
      if (!c.named) {
        if (c.type === "&&" || c.type === "||") pendingOp = c.type;
        continue;
      }
      if (pendingOp === void 0) s = this.statement(c, s);
      else s = merge(s, this.statement(c, copy(s)));
      pendingOp = void 0;
    }
    return s;
  }
  pipeline(elements, st, ctx) {
    let stdin = ctx.stdin;
    for (const el of elements) {
      this.statement(el, copy(st), stdin === void 0 ? {} : { stdin });
      stdin = this.outputOf(el, st);
    }
  }
  /** The literal stdout of `echo …` / `printf …` / `cat <<EOF` (for `… | sh`), else undefined. */
  outputOf(node, st) {
    let cmd = node;
    let heredoc;
    if (node.type === "redirected_statement") {
      const body2 = node.children.find((c) => c.field === "body");
      const hd = node.children.find((c) => c.type === "heredoc_redirect" || c.type === "herestring_redirect");
      if (hd) heredoc = this.heredocText(hd, st);
      if (!body2) return void 0;
      cmd = body2;
    }
    if (cmd.type !== "command") return void 0;
    const name2 = cmd.children.find((c) => c.field === "name");
    const args2 = cmd.children.filter((c) => c.field === "argument").flatMap((a) => this.words(a, copy(st)));
    if (!name2 || args2.some((a) => a.opaque)) return void 0;
    const n = path3.posix.basename(name2.text);
    const texts = args2.map(argText);
    if (n === "echo") return `${texts.filter((t) => !/^-[neE]+$/.test(t)).join(" ")}
`;
    if (n === "printf") return texts.join(" ");
    if (n === "cat" && texts.length === 0) return heredoc;
    return void 0;
  }
  heredocText(node, st) {
    if (node.type === "herestring_redirect") {
      const w = node.children.find((c) => c.named);
      if (!w) return void 0;
      const args2 = this.words(w, copy(st));
      return args2.length === 1 && !args2[0]?.opaque ? `${args2[0].text}
` : argText(args2[0] ?? OPAQUE_ARG);
    }
    const body2 = node.children.find((c) => c.type === "heredoc_body");
    if (!body2) return "";
    visitSubstitutions(body2, { vars: st.vars, substitution: (b) => this.substatements(b, copy(st)) });
    return body2.text;
  }
  redirected(node, st, ctx) {
    const body2 = node.children.find((c) => c.field === "body");
    const redirects = node.children.filter((c) => c !== body2 && c.named);
    const inner = { ...ctx };
    const trailing = [];
    const fileRedirects = [];
    for (const r of redirects) {
      if (r.type === "heredoc_redirect" || r.type === "herestring_redirect") {
        inner.stdin = this.heredocText(r, st);
        for (const c of r.children) {
          if (c.type === "file_redirect") fileRedirects.push(c);
          else if (STATEMENT_TYPES.has(c.type)) trailing.push(c);
        }
        continue;
      }
      fileRedirects.push(r);
    }
    for (const r of fileRedirects) {
      const from = this.inputOf(r, st);
      if (from !== void 0) inner.stdinFile = from;
    }
    const late = body2 !== void 0 && (body2.type === "list" || body2.type === "pipeline");
    if (!late) for (const r of fileRedirects) this.redirect(r, st, inner);
    let out2 = body2 ? this.statement(body2, st, inner) : st;
    if (late) for (const r of fileRedirects) this.redirect(r, out2, inner);
    for (const t of trailing) {
      if (t.type === "pipeline") {
        const fed = body2 ? this.outputOf(node, st) : void 0;
        this.pipeline(
          t.children.filter((c) => c.named),
          st,
          fed === void 0 ? {} : { stdin: fed }
        );
      } else out2 = this.statement(t, out2);
    }
    return out2;
  }
  /** The file a `<` redirection reads, if that is what `node` is. */
  inputOf(node, st) {
    if (node.type !== "file_redirect") return void 0;
    const dest = node.children.find((c) => c.field === "destination");
    const op = node.children.filter((c) => c !== dest && c.field !== "descriptor").map((c) => c.type === "ERROR" ? c.text : c.named ? "" : c.type).join("");
    if (op !== "<" || !dest) return void 0;
    const a = resolveWord(dest, { vars: st.vars, substitution: () => {
    } })[0];
    return a && !a.opaque ? a.text : void 0;
  }
  /** One redirection: writes its target; returns the file of a `<` redirection. */
  redirect(node, st, _ctx) {
    if (node.type === "herestring_redirect" || node.type === "heredoc_redirect") {
      this.heredocText(node, st);
      return void 0;
    }
    if (node.type !== "file_redirect") {
      this.generic(node, st);
      return void 0;
    }
    const dest = node.children.find((c) => c.field === "destination");
    const op = node.children.filter((c) => c !== dest && c.field !== "descriptor").map((c) => c.type === "ERROR" ? c.text : c.named ? "" : c.type).join("").replace(/\s+/g, "");
    if (!dest) return void 0;
    const args2 = this.words(dest, st);
    const isDup = (op === ">&" || op === "<&") && args2.every((a) => !a.opaque && /^(\d+|-)$/.test(a.text));
    if (isDup) return void 0;
    if (!op.includes(">")) {
      const a = args2[0];
      return a && !a.opaque ? a.text : void 0;
    }
    for (const a of args2) this.writeArg(a, "write", `redirection ${op}`, st);
    return void 0;
  }
  assign(node, st) {
    const name2 = node.children.find((c) => c.field === "name");
    const value = node.children.find((c) => c.field === "value");
    if (!name2) return;
    const append = node.children.some((c) => c.type === "+=");
    if (!value) {
      st.vars.set(name2.text, append ? st.vars.get(name2.text) ?? unknown() : known(""));
      return;
    }
    const args2 = this.words(value, st);
    const v = args2.length === 1 && !args2[0]?.opaque && value.type !== "array" ? args2[0].text : null;
    const hint = v ?? args2.map(argText).join(" ");
    if (append) {
      const prev = st.vars.get(name2.text);
      if (prev !== void 0 && prev.value !== null && v !== null) st.vars.set(name2.text, known(prev.value + v));
      else st.vars.set(name2.text, unknown(`${prev?.hint ?? ""}${hint}`));
    } else st.vars.set(name2.text, v === null ? unknown(hint) : known(v));
  }
  declaration(node, st) {
    for (const c of node.children) {
      if (c.type === "variable_assignment") this.assign(c, st);
      else if (c.named) for (const _ of this.words(c, st)) void _;
    }
    return st;
  }
  ifStatement(node, st) {
    let s = st;
    const branches = [];
    let body2 = [];
    let inBody = false;
    let hasElse = false;
    const flush = () => {
      if (inBody) branches.push(this.sequence(body2, copy(s)));
      body2 = [];
    };
    for (const c of node.children) {
      if (c.field === "condition") {
        if (c.named) s = this.statement(c, s);
        continue;
      }
      if (c.type === "then") {
        inBody = true;
        continue;
      }
      if (c.type === "elif_clause" || c.type === "else_clause") {
        flush();
        inBody = false;
        if (c.type === "else_clause") hasElse = true;
        const res = this.clause(c, s);
        s = res.after;
        branches.push(res.branch);
        continue;
      }
      if (inBody && c.named) body2.push(c);
    }
    flush();
    return merge(...branches, ...hasElse ? [] : [s]);
  }
  clause(node, st) {
    if (node.type === "else_clause") return { after: st, branch: this.sequence(node.children, copy(st)) };
    let s = st;
    let inBody = false;
    const body2 = [];
    for (const c of node.children) {
      if (c.type === "then") {
        inBody = true;
        continue;
      }
      if (!c.named) continue;
      if (inBody) body2.push(c);
      else s = this.statement(c, s);
    }
    return { after: s, branch: this.sequence(body2, copy(s)) };
  }
  loop(node, st) {
    let s = st;
    for (const c of node.children) {
      if (!c.named) continue;
      if (c.field === "body") {
        const after = this.statement(c, copy(s));
        const changed = after.cwds.some((x) => !s.cwds.includes(x));
        s = merge(s, after, ...changed ? [{ ...after, cwds: [null] }] : []);
      } else if (STATEMENT_TYPES.has(c.type)) s = this.statement(c, s);
      else this.generic(c, s);
    }
    return s;
  }
  forStatement(node, st) {
    const variable2 = node.children.find((c) => c.field === "variable");
    const body2 = node.children.find((c) => c.field === "body");
    const values2 = node.children.filter((c) => c.field === "value").flatMap((v) => this.words(v, st));
    if (!variable2 || !body2) return this.loop(node, st);
    const literal = values2.length <= MAX_LOOP_VALUES && values2.every((v) => !v.opaque && !v.glob);
    const runs = [st];
    if (literal && values2.length > 0) {
      for (const v of values2) {
        const s = copy(st);
        s.vars.set(variable2.text, known(v.text));
        runs.push(this.statement(body2, s));
      }
    } else {
      const s = copy(st);
      s.vars.set(variable2.text, unknown(values2.map(argText).join(" ")));
      for (const v of values2) if (!v.opaque && v.glob) this.writeProbeGlob(v, s);
      for (const v of values2) if (v.opaque) this.mention(v.visible, "for loop value", s);
      runs.push(this.statement(body2, s));
    }
    const merged = merge(...runs);
    return merged;
  }
  /** `for f in *.json; do … > "$f"`: the loop variable is opaque, so its glob is named here. */
  writeProbeGlob(v, st) {
    this.mention(argText(v), "for loop glob", st);
  }
  caseStatement(node, st) {
    const branches = [st];
    for (const c of node.children) {
      if (c.field === "value") this.generic(c, st);
      if (c.type !== "case_item") continue;
      const body2 = c.children.filter((x) => x.named && x.field !== "value" && STATEMENT_TYPES.has(x.type));
      branches.push(this.sequence(body2, copy(st)));
    }
    return merge(...branches);
  }
  // ---- commands ---------------------------------------------------------------------------
  command(node, st, ctx) {
    const argv = [];
    const env2 = [];
    for (const c of node.children) {
      if (c.type === "variable_assignment") {
        const name2 = c.children.find((x) => x.field === "name");
        const value = c.children.find((x) => x.field === "value");
        if (value) this.words(value, st);
        if (name2) env2.push(name2.text);
        continue;
      }
      if (c.field === "name" || c.field === "argument") {
        const w = c.type === "command_name" ? c.children.length === 1 ? c.children[0] : { ...c, type: "concatenation" } : c;
        argv.push(...this.words(w, st));
        continue;
      }
      if (c.field === "redirect") {
        const from = this.redirect(c, st, ctx);
        if (from !== void 0) ctx = { ...ctx, stdinFile: from };
      }
    }
    if (argv.length === 0) return st;
    if (ctx.stdin === void 0 && ctx.stdinFile !== void 0) {
      const text = this.readAt(ctx.stdinFile, st);
      if (text !== void 0) ctx = { ...ctx, stdin: text };
    }
    return this.exec(argv, st, ctx);
  }
  /** A file the line reads as a script or patch, relative to the (single, known) cwd. */
  readAt(raw, st) {
    const cwd = st.cwds.length === 1 ? st.cwds[0] : null;
    if (cwd === null || cwd === void 0) return void 0;
    return this.host.readFile(joinCwd(cwd, raw));
  }
  /** Runs argv[0] with the rest (after wrappers are peeled); returns the shell's state after it. */
  exec(argv, st, ctx) {
    const [head, ...args2] = argv;
    if (head === void 0) return st;
    if (head.opaque || head.glob) {
      this.opaque(argv, "command name not known", st, ctx);
      return st;
    }
    const fn = this.functions.get(head.text);
    if (fn !== void 0 && this.depth < MAX_DEPTH) {
      this.depth++;
      try {
        this.statement(fn, copy(st));
      } finally {
        this.depth--;
      }
      this.opaque(args2, `function ${head.text}`, { ...st, cwds: [] }, ctx);
      return st;
    }
    const name2 = commandName(head.text);
    return runCommand(this, name2, args2, st, ctx);
  }
};
var STATEMENT_TYPES = /* @__PURE__ */ new Set([
  "command",
  "redirected_statement",
  "pipeline",
  "list",
  "subshell",
  "compound_statement",
  "variable_assignment",
  "variable_assignments",
  "declaration_command",
  "unset_command",
  "function_definition",
  "if_statement",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "negated_command",
  "test_command",
  "ERROR"
]);
function hasError(n) {
  return n.broken || n.children.some(hasError);
}
function initialState() {
  return { cwds: [""], vars: /* @__PURE__ */ new Map(), links: /* @__PURE__ */ new Map() };
}

// packages/mcp/src/gate/shell/parser.ts
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";

// node_modules/web-tree-sitter/web-tree-sitter.js
var __defProp2 = Object.defineProperty;
var __name = (target, value) => __defProp2(target, "name", { value, configurable: true });
var Edit = class {
  static {
    __name(this, "Edit");
  }
  /** The start position of the change. */
  startPosition;
  /** The end position of the change before the edit. */
  oldEndPosition;
  /** The end position of the change after the edit. */
  newEndPosition;
  /** The start index of the change. */
  startIndex;
  /** The end index of the change before the edit. */
  oldEndIndex;
  /** The end index of the change after the edit. */
  newEndIndex;
  constructor({
    startIndex,
    oldEndIndex,
    newEndIndex,
    startPosition,
    oldEndPosition,
    newEndPosition
  }) {
    this.startIndex = startIndex >>> 0;
    this.oldEndIndex = oldEndIndex >>> 0;
    this.newEndIndex = newEndIndex >>> 0;
    this.startPosition = startPosition;
    this.oldEndPosition = oldEndPosition;
    this.newEndPosition = newEndPosition;
  }
  /**
   * Edit a point and index to keep it in-sync with source code that has been edited.
   *
   * This function updates a single point's byte offset and row/column position
   * based on an edit operation. This is useful for editing points without
   * requiring a tree or node instance.
   */
  editPoint(point, index) {
    let newIndex = index;
    const newPoint = { ...point };
    if (index >= this.oldEndIndex) {
      newIndex = this.newEndIndex + (index - this.oldEndIndex);
      const originalRow = point.row;
      newPoint.row = this.newEndPosition.row + (point.row - this.oldEndPosition.row);
      newPoint.column = originalRow === this.oldEndPosition.row ? this.newEndPosition.column + (point.column - this.oldEndPosition.column) : point.column;
    } else if (index > this.startIndex) {
      newIndex = this.newEndIndex;
      newPoint.row = this.newEndPosition.row;
      newPoint.column = this.newEndPosition.column;
    }
    return { point: newPoint, index: newIndex };
  }
  /**
   * Edit a range to keep it in-sync with source code that has been edited.
   *
   * This function updates a range's start and end positions based on an edit
   * operation. This is useful for editing ranges without requiring a tree
   * or node instance.
   */
  editRange(range) {
    const newRange = {
      startIndex: range.startIndex,
      startPosition: { ...range.startPosition },
      endIndex: range.endIndex,
      endPosition: { ...range.endPosition }
    };
    if (range.endIndex >= this.oldEndIndex) {
      if (range.endIndex !== Number.MAX_SAFE_INTEGER) {
        newRange.endIndex = this.newEndIndex + (range.endIndex - this.oldEndIndex);
        newRange.endPosition = {
          row: this.newEndPosition.row + (range.endPosition.row - this.oldEndPosition.row),
          column: range.endPosition.row === this.oldEndPosition.row ? this.newEndPosition.column + (range.endPosition.column - this.oldEndPosition.column) : range.endPosition.column
        };
        if (newRange.endIndex < this.newEndIndex) {
          newRange.endIndex = Number.MAX_SAFE_INTEGER;
          newRange.endPosition = { row: Number.MAX_SAFE_INTEGER, column: Number.MAX_SAFE_INTEGER };
        }
      }
    } else if (range.endIndex > this.startIndex) {
      newRange.endIndex = this.startIndex;
      newRange.endPosition = { ...this.startPosition };
    }
    if (range.startIndex >= this.oldEndIndex) {
      newRange.startIndex = this.newEndIndex + (range.startIndex - this.oldEndIndex);
      newRange.startPosition = {
        row: this.newEndPosition.row + (range.startPosition.row - this.oldEndPosition.row),
        column: range.startPosition.row === this.oldEndPosition.row ? this.newEndPosition.column + (range.startPosition.column - this.oldEndPosition.column) : range.startPosition.column
      };
      if (newRange.startIndex < this.newEndIndex) {
        newRange.startIndex = Number.MAX_SAFE_INTEGER;
        newRange.startPosition = { row: Number.MAX_SAFE_INTEGER, column: Number.MAX_SAFE_INTEGER };
      }
    } else if (range.startIndex > this.startIndex) {
      newRange.startIndex = this.startIndex;
      newRange.startPosition = { ...this.startPosition };
    }
    return newRange;
  }
};
var SIZE_OF_SHORT = 2;
var SIZE_OF_INT = 4;
var SIZE_OF_CURSOR = 4 * SIZE_OF_INT;
var SIZE_OF_NODE = 5 * SIZE_OF_INT;
var SIZE_OF_POINT = 2 * SIZE_OF_INT;
var SIZE_OF_RANGE = 2 * SIZE_OF_INT + 2 * SIZE_OF_POINT;
var ZERO_POINT = { row: 0, column: 0 };
var INTERNAL = /* @__PURE__ */ Symbol("INTERNAL");
function assertInternal(x) {
  if (x !== INTERNAL) throw new Error("Illegal constructor");
}
__name(assertInternal, "assertInternal");
function isPoint(point) {
  return !!point && typeof point.row === "number" && typeof point.column === "number";
}
__name(isPoint, "isPoint");
function setModule(module2) {
  C = module2;
}
__name(setModule, "setModule");
var C;
var LookaheadIterator = class {
  static {
    __name(this, "LookaheadIterator");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  language;
  /** @internal */
  constructor(internal, address, language) {
    assertInternal(internal);
    this[0] = address;
    this.language = language;
  }
  /** Get the current symbol of the lookahead iterator. */
  get currentTypeId() {
    return C._ts_lookahead_iterator_current_symbol(this[0]);
  }
  /** Get the current symbol name of the lookahead iterator. */
  get currentType() {
    return this.language.types[this.currentTypeId] || "ERROR";
  }
  /** Delete the lookahead iterator, freeing its resources. */
  delete() {
    C._ts_lookahead_iterator_delete(this[0]);
    this[0] = 0;
  }
  /**
   * Reset the lookahead iterator.
   *
   * This returns `true` if the language was set successfully and `false`
   * otherwise.
   */
  reset(language, stateId) {
    if (C._ts_lookahead_iterator_reset(this[0], language[0], stateId)) {
      this.language = language;
      return true;
    }
    return false;
  }
  /**
   * Reset the lookahead iterator to another state.
   *
   * This returns `true` if the iterator was reset to the given state and
   * `false` otherwise.
   */
  resetState(stateId) {
    return Boolean(C._ts_lookahead_iterator_reset_state(this[0], stateId));
  }
  /**
   * Returns an iterator that iterates over the symbols of the lookahead iterator.
   *
   * The iterator will yield the current symbol name as a string for each step
   * until there are no more symbols to iterate over.
   */
  [Symbol.iterator]() {
    return {
      next: /* @__PURE__ */ __name(() => {
        if (C._ts_lookahead_iterator_next(this[0])) {
          return { done: false, value: this.currentType };
        }
        return { done: true, value: "" };
      }, "next")
    };
  }
};
function getText(tree, startIndex, endIndex, startPosition) {
  const length = endIndex - startIndex;
  let result = tree.textCallback(startIndex, startPosition);
  if (result) {
    startIndex += result.length;
    while (startIndex < endIndex) {
      const string = tree.textCallback(startIndex, startPosition);
      if (string && string.length > 0) {
        startIndex += string.length;
        result += string;
      } else {
        break;
      }
    }
    if (startIndex > endIndex) {
      result = result.slice(0, length);
    }
  }
  return result ?? "";
}
__name(getText, "getText");
var Tree = class _Tree {
  static {
    __name(this, "Tree");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  textCallback;
  /** The language that was used to parse the syntax tree. */
  language;
  /** @internal */
  constructor(internal, address, language, textCallback) {
    assertInternal(internal);
    this[0] = address;
    this.language = language;
    this.textCallback = textCallback;
  }
  /** Create a shallow copy of the syntax tree. This is very fast. */
  copy() {
    const address = C._ts_tree_copy(this[0]);
    return new _Tree(INTERNAL, address, this.language, this.textCallback);
  }
  /** Delete the syntax tree, freeing its resources. */
  delete() {
    C._ts_tree_delete(this[0]);
    this[0] = 0;
  }
  /** Get the root node of the syntax tree. */
  get rootNode() {
    C._ts_tree_root_node_wasm(this[0]);
    return unmarshalNode(this);
  }
  /**
   * Get the root node of the syntax tree, but with its position shifted
   * forward by the given offset.
   */
  rootNodeWithOffset(offsetBytes, offsetExtent) {
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, offsetBytes, "i32");
    marshalPoint(address + SIZE_OF_INT, offsetExtent);
    C._ts_tree_root_node_with_offset_wasm(this[0]);
    return unmarshalNode(this);
  }
  /**
   * Edit the syntax tree to keep it in sync with source code that has been
   * edited.
   *
   * You must describe the edit both in terms of byte offsets and in terms of
   * row/column coordinates.
   */
  edit(edit) {
    marshalEdit(edit);
    C._ts_tree_edit_wasm(this[0]);
  }
  /** Create a new {@link TreeCursor} starting from the root of the tree. */
  walk() {
    return this.rootNode.walk();
  }
  /**
   * Compare this old edited syntax tree to a new syntax tree representing
   * the same document, returning a sequence of ranges whose syntactic
   * structure has changed.
   *
   * For this to work correctly, this syntax tree must have been edited such
   * that its ranges match up to the new tree. Generally, you'll want to
   * call this method right after calling one of the [`Parser::parse`]
   * functions. Call it on the old tree that was passed to parse, and
   * pass the new tree that was returned from `parse`.
   */
  getChangedRanges(other) {
    if (!(other instanceof _Tree)) {
      throw new TypeError("Argument must be a Tree");
    }
    C._ts_tree_get_changed_ranges_wasm(this[0], other[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalRange(address);
        address += SIZE_OF_RANGE;
      }
      C._free(buffer);
    }
    return result;
  }
  /** Get the included ranges that were used to parse the syntax tree. */
  getIncludedRanges() {
    C._ts_tree_included_ranges_wasm(this[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalRange(address);
        address += SIZE_OF_RANGE;
      }
      C._free(buffer);
    }
    return result;
  }
};
var TreeCursor = class _TreeCursor {
  static {
    __name(this, "TreeCursor");
  }
  /** @internal */
  // @ts-expect-error: never read
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  // @ts-expect-error: never read
  [1] = 0;
  // Internal handle for Wasm
  /** @internal */
  // @ts-expect-error: never read
  [2] = 0;
  // Internal handle for Wasm
  /** @internal */
  // @ts-expect-error: never read
  [3] = 0;
  // Internal handle for Wasm
  /** @internal */
  tree;
  /** @internal */
  constructor(internal, tree) {
    assertInternal(internal);
    this.tree = tree;
    unmarshalTreeCursor(this);
  }
  /** Creates a deep copy of the tree cursor. This allocates new memory. */
  copy() {
    const copy2 = new _TreeCursor(INTERNAL, this.tree);
    C._ts_tree_cursor_copy_wasm(this.tree[0]);
    unmarshalTreeCursor(copy2);
    return copy2;
  }
  /** Delete the tree cursor, freeing its resources. */
  delete() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_delete_wasm(this.tree[0]);
    this[0] = this[1] = this[2] = 0;
  }
  /** Get the tree cursor's current {@link Node}. */
  get currentNode() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_current_node_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get the numerical field id of this tree cursor's current node.
   *
   * See also {@link TreeCursor#currentFieldName}.
   */
  get currentFieldId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_field_id_wasm(this.tree[0]);
  }
  /** Get the field name of this tree cursor's current node. */
  get currentFieldName() {
    return this.tree.language.fields[this.currentFieldId];
  }
  /**
   * Get the depth of the cursor's current node relative to the original
   * node that the cursor was constructed with.
   */
  get currentDepth() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_depth_wasm(this.tree[0]);
  }
  /**
   * Get the index of the cursor's current node out of all of the
   * descendants of the original node that the cursor was constructed with.
   */
  get currentDescendantIndex() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_descendant_index_wasm(this.tree[0]);
  }
  /** Get the type of the cursor's current node. */
  get nodeType() {
    return this.tree.language.types[this.nodeTypeId] || "ERROR";
  }
  /** Get the type id of the cursor's current node. */
  get nodeTypeId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_type_id_wasm(this.tree[0]);
  }
  /** Get the state id of the cursor's current node. */
  get nodeStateId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_state_id_wasm(this.tree[0]);
  }
  /** Get the id of the cursor's current node. */
  get nodeId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_id_wasm(this.tree[0]);
  }
  /**
   * Check if the cursor's current node is *named*.
   *
   * Named nodes correspond to named rules in the grammar, whereas
   * *anonymous* nodes correspond to string literals in the grammar.
   */
  get nodeIsNamed() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_is_named_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if the cursor's current node is *missing*.
   *
   * Missing nodes are inserted by the parser in order to recover from
   * certain kinds of syntax errors.
   */
  get nodeIsMissing() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_is_missing_wasm(this.tree[0]) === 1;
  }
  /** Get the string content of the cursor's current node. */
  get nodeText() {
    marshalTreeCursor(this);
    const startIndex = C._ts_tree_cursor_start_index_wasm(this.tree[0]);
    const endIndex = C._ts_tree_cursor_end_index_wasm(this.tree[0]);
    C._ts_tree_cursor_start_position_wasm(this.tree[0]);
    const startPosition = unmarshalPoint(TRANSFER_BUFFER);
    return getText(this.tree, startIndex, endIndex, startPosition);
  }
  /** Get the start position of the cursor's current node. */
  get startPosition() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_start_position_wasm(this.tree[0]);
    return unmarshalPoint(TRANSFER_BUFFER);
  }
  /** Get the end position of the cursor's current node. */
  get endPosition() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_end_position_wasm(this.tree[0]);
    return unmarshalPoint(TRANSFER_BUFFER);
  }
  /** Get the start index of the cursor's current node. */
  get startIndex() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_start_index_wasm(this.tree[0]);
  }
  /** Get the end index of the cursor's current node. */
  get endIndex() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_end_index_wasm(this.tree[0]);
  }
  /**
   * Move this cursor to the first child of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there were no children.
   */
  gotoFirstChild() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_first_child_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the last child of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there were no children.
   *
   * Note that this function may be slower than
   * {@link TreeCursor#gotoFirstChild} because it needs to
   * iterate through all the children to compute the child's position.
   */
  gotoLastChild() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_last_child_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the parent of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there was no parent node (the cursor was already on the
   * root node).
   *
   * Note that the node the cursor was constructed with is considered the root
   * of the cursor, and the cursor cannot walk outside this node.
   */
  gotoParent() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_parent_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the next sibling of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there was no next sibling node.
   *
   * Note that the node the cursor was constructed with is considered the root
   * of the cursor, and the cursor cannot walk outside this node.
   */
  gotoNextSibling() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_next_sibling_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the previous sibling of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there was no previous sibling node.
   *
   * Note that this function may be slower than
   * {@link TreeCursor#gotoNextSibling} due to how node
   * positions are stored. In the worst case, this will need to iterate
   * through all the children up to the previous sibling node to recalculate
   * its position. Also note that the node the cursor was constructed with is
   * considered the root of the cursor, and the cursor cannot walk outside this node.
   */
  gotoPreviousSibling() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_previous_sibling_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move the cursor to the node that is the nth descendant of
   * the original node that the cursor was constructed with, where
   * zero represents the original node itself.
   */
  gotoDescendant(goalDescendantIndex) {
    marshalTreeCursor(this);
    C._ts_tree_cursor_goto_descendant_wasm(this.tree[0], goalDescendantIndex);
    unmarshalTreeCursor(this);
  }
  /**
   * Move this cursor to the first child of its current node that contains or
   * starts after the given byte offset.
   *
   * This returns `true` if the cursor successfully moved to a child node, and returns
   * `false` if no such child was found.
   */
  gotoFirstChildForIndex(goalIndex) {
    marshalTreeCursor(this);
    C.setValue(TRANSFER_BUFFER + SIZE_OF_CURSOR, goalIndex, "i32");
    const result = C._ts_tree_cursor_goto_first_child_for_index_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the first child of its current node that contains or
   * starts after the given byte offset.
   *
   * This returns the index of the child node if one was found, and returns
   * `null` if no such child was found.
   */
  gotoFirstChildForPosition(goalPosition) {
    marshalTreeCursor(this);
    marshalPoint(TRANSFER_BUFFER + SIZE_OF_CURSOR, goalPosition);
    const result = C._ts_tree_cursor_goto_first_child_for_position_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Re-initialize this tree cursor to start at the original node that the
   * cursor was constructed with.
   */
  reset(node) {
    marshalNode(node);
    marshalTreeCursor(this, TRANSFER_BUFFER + SIZE_OF_NODE);
    C._ts_tree_cursor_reset_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
  }
  /**
   * Re-initialize a tree cursor to the same position as another cursor.
   *
   * Unlike {@link TreeCursor#reset}, this will not lose parent
   * information and allows reusing already created cursors.
   */
  resetTo(cursor) {
    marshalTreeCursor(this, TRANSFER_BUFFER);
    marshalTreeCursor(cursor, TRANSFER_BUFFER + SIZE_OF_CURSOR);
    C._ts_tree_cursor_reset_to_wasm(this.tree[0], cursor.tree[0]);
    unmarshalTreeCursor(this);
  }
};
var Node = class {
  static {
    __name(this, "Node");
  }
  /** @internal */
  // @ts-expect-error: never read
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  _children;
  /** @internal */
  _namedChildren;
  /** @internal */
  constructor(internal, {
    id,
    tree,
    startIndex,
    startPosition,
    other
  }) {
    assertInternal(internal);
    this[0] = other;
    this.id = id;
    this.tree = tree;
    this.startIndex = startIndex;
    this.startPosition = startPosition;
  }
  /**
   * The numeric id for this node that is unique.
   *
   * Within a given syntax tree, no two nodes have the same id. However:
   *
   * * If a new tree is created based on an older tree, and a node from the old tree is reused in
   *   the process, then that node will have the same id in both trees.
   *
   * * A node not marked as having changes does not guarantee it was reused.
   *
   * * If a node is marked as having changed in the old tree, it will not be reused.
   */
  id;
  /** The byte index where this node starts. */
  startIndex;
  /** The position where this node starts. */
  startPosition;
  /** The tree that this node belongs to. */
  tree;
  /** Get this node's type as a numerical id. */
  get typeId() {
    marshalNode(this);
    return C._ts_node_symbol_wasm(this.tree[0]);
  }
  /**
   * Get the node's type as a numerical id as it appears in the grammar,
   * ignoring aliases.
   */
  get grammarId() {
    marshalNode(this);
    return C._ts_node_grammar_symbol_wasm(this.tree[0]);
  }
  /** Get this node's type as a string. */
  get type() {
    return this.tree.language.types[this.typeId] || "ERROR";
  }
  /**
   * Get this node's symbol name as it appears in the grammar, ignoring
   * aliases as a string.
   */
  get grammarType() {
    return this.tree.language.types[this.grammarId] || "ERROR";
  }
  /**
   * Check if this node is *named*.
   *
   * Named nodes correspond to named rules in the grammar, whereas
   * *anonymous* nodes correspond to string literals in the grammar.
   */
  get isNamed() {
    marshalNode(this);
    return C._ts_node_is_named_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node is *extra*.
   *
   * Extra nodes represent things like comments, which are not required
   * by the grammar, but can appear anywhere.
   */
  get isExtra() {
    marshalNode(this);
    return C._ts_node_is_extra_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node represents a syntax error.
   *
   * Syntax errors represent parts of the code that could not be incorporated
   * into a valid syntax tree.
   */
  get isError() {
    marshalNode(this);
    return C._ts_node_is_error_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node is *missing*.
   *
   * Missing nodes are inserted by the parser in order to recover from
   * certain kinds of syntax errors.
   */
  get isMissing() {
    marshalNode(this);
    return C._ts_node_is_missing_wasm(this.tree[0]) === 1;
  }
  /** Check if this node has been edited. */
  get hasChanges() {
    marshalNode(this);
    return C._ts_node_has_changes_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node represents a syntax error or contains any syntax
   * errors anywhere within it.
   */
  get hasError() {
    marshalNode(this);
    return C._ts_node_has_error_wasm(this.tree[0]) === 1;
  }
  /** Get the byte index where this node ends. */
  get endIndex() {
    marshalNode(this);
    return C._ts_node_end_index_wasm(this.tree[0]);
  }
  /** Get the position where this node ends. */
  get endPosition() {
    marshalNode(this);
    C._ts_node_end_point_wasm(this.tree[0]);
    return unmarshalPoint(TRANSFER_BUFFER);
  }
  /** Get the string content of this node. */
  get text() {
    return getText(this.tree, this.startIndex, this.endIndex, this.startPosition);
  }
  /** Get this node's parse state. */
  get parseState() {
    marshalNode(this);
    return C._ts_node_parse_state_wasm(this.tree[0]);
  }
  /** Get the parse state after this node. */
  get nextParseState() {
    marshalNode(this);
    return C._ts_node_next_parse_state_wasm(this.tree[0]);
  }
  /** Check if this node is equal to another node. */
  equals(other) {
    return this.tree === other.tree && this.id === other.id;
  }
  /**
   * Get the node's child at the given index, where zero represents the first child.
   *
   * This method is fairly fast, but its cost is technically log(n), so if
   * you might be iterating over a long list of children, you should use
   * {@link Node#children} instead.
   */
  child(index) {
    marshalNode(this);
    C._ts_node_child_wasm(this.tree[0], index);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's *named* child at the given index.
   *
   * See also {@link Node#isNamed}.
   * This method is fairly fast, but its cost is technically log(n), so if
   * you might be iterating over a long list of children, you should use
   * {@link Node#namedChildren} instead.
   */
  namedChild(index) {
    marshalNode(this);
    C._ts_node_named_child_wasm(this.tree[0], index);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's child with the given numerical field id.
   *
   * See also {@link Node#childForFieldName}. You can
   * convert a field name to an id using {@link Language#fieldIdForName}.
   */
  childForFieldId(fieldId) {
    marshalNode(this);
    C._ts_node_child_by_field_id_wasm(this.tree[0], fieldId);
    return unmarshalNode(this.tree);
  }
  /**
   * Get the first child with the given field name.
   *
   * If multiple children may have the same field name, access them using
   * {@link Node#childrenForFieldName}.
   */
  childForFieldName(fieldName) {
    const fieldId = this.tree.language.fields.indexOf(fieldName);
    if (fieldId !== -1) return this.childForFieldId(fieldId);
    return null;
  }
  /** Get the field name of this node's child at the given index. */
  fieldNameForChild(index) {
    marshalNode(this);
    const address = C._ts_node_field_name_for_child_wasm(this.tree[0], index);
    if (!address) return null;
    return C.AsciiToString(address);
  }
  /** Get the field name of this node's named child at the given index. */
  fieldNameForNamedChild(index) {
    marshalNode(this);
    const address = C._ts_node_field_name_for_named_child_wasm(this.tree[0], index);
    if (!address) return null;
    return C.AsciiToString(address);
  }
  /**
   * Get an array of this node's children with a given field name.
   *
   * See also {@link Node#children}.
   */
  childrenForFieldName(fieldName) {
    const fieldId = this.tree.language.fields.indexOf(fieldName);
    if (fieldId !== -1 && fieldId !== 0) return this.childrenForFieldId(fieldId);
    return [];
  }
  /**
    * Get an array of this node's children with a given field id.
    *
    * See also {@link Node#childrenForFieldName}.
    */
  childrenForFieldId(fieldId) {
    marshalNode(this);
    C._ts_node_children_by_field_id_wasm(this.tree[0], fieldId);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalNode(this.tree, address);
        address += SIZE_OF_NODE;
      }
      C._free(buffer);
    }
    return result;
  }
  /** Get the node's first child that contains or starts after the given byte offset. */
  firstChildForIndex(index) {
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, index, "i32");
    C._ts_node_first_child_for_byte_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the node's first named child that contains or starts after the given byte offset. */
  firstNamedChildForIndex(index) {
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, index, "i32");
    C._ts_node_first_named_child_for_byte_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get this node's number of children. */
  get childCount() {
    marshalNode(this);
    return C._ts_node_child_count_wasm(this.tree[0]);
  }
  /**
   * Get this node's number of *named* children.
   *
   * See also {@link Node#isNamed}.
   */
  get namedChildCount() {
    marshalNode(this);
    return C._ts_node_named_child_count_wasm(this.tree[0]);
  }
  /** Get this node's first child. */
  get firstChild() {
    return this.child(0);
  }
  /**
   * Get this node's first named child.
   *
   * See also {@link Node#isNamed}.
   */
  get firstNamedChild() {
    return this.namedChild(0);
  }
  /** Get this node's last child. */
  get lastChild() {
    return this.child(this.childCount - 1);
  }
  /**
   * Get this node's last named child.
   *
   * See also {@link Node#isNamed}.
   */
  get lastNamedChild() {
    return this.namedChild(this.namedChildCount - 1);
  }
  /**
   * Iterate over this node's children.
   *
   * If you're walking the tree recursively, you may want to use the
   * {@link TreeCursor} APIs directly instead.
   */
  get children() {
    if (!this._children) {
      marshalNode(this);
      C._ts_node_children_wasm(this.tree[0]);
      const count = C.getValue(TRANSFER_BUFFER, "i32");
      const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      this._children = new Array(count);
      if (count > 0) {
        let address = buffer;
        for (let i2 = 0; i2 < count; i2++) {
          this._children[i2] = unmarshalNode(this.tree, address);
          address += SIZE_OF_NODE;
        }
        C._free(buffer);
      }
    }
    return this._children;
  }
  /**
   * Iterate over this node's named children.
   *
   * See also {@link Node#children}.
   */
  get namedChildren() {
    if (!this._namedChildren) {
      marshalNode(this);
      C._ts_node_named_children_wasm(this.tree[0]);
      const count = C.getValue(TRANSFER_BUFFER, "i32");
      const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      this._namedChildren = new Array(count);
      if (count > 0) {
        let address = buffer;
        for (let i2 = 0; i2 < count; i2++) {
          this._namedChildren[i2] = unmarshalNode(this.tree, address);
          address += SIZE_OF_NODE;
        }
        C._free(buffer);
      }
    }
    return this._namedChildren;
  }
  /**
   * Get the descendants of this node that are the given type, or in the given types array.
   *
   * The types array should contain node type strings, which can be retrieved from {@link Language#types}.
   *
   * Additionally, a `startPosition` and `endPosition` can be passed in to restrict the search to a byte range.
   */
  descendantsOfType(types, startPosition = ZERO_POINT, endPosition = ZERO_POINT) {
    if (!Array.isArray(types)) types = [types];
    const symbols = [];
    const typesBySymbol = this.tree.language.types;
    for (const node_type of types) {
      if (node_type == "ERROR") {
        symbols.push(65535);
      }
    }
    for (let i2 = 0, n = typesBySymbol.length; i2 < n; i2++) {
      if (types.includes(typesBySymbol[i2])) {
        symbols.push(i2);
      }
    }
    const symbolsAddress = C._malloc(SIZE_OF_INT * symbols.length);
    for (let i2 = 0, n = symbols.length; i2 < n; i2++) {
      C.setValue(symbolsAddress + i2 * SIZE_OF_INT, symbols[i2], "i32");
    }
    marshalNode(this);
    C._ts_node_descendants_of_type_wasm(
      this.tree[0],
      symbolsAddress,
      symbols.length,
      startPosition.row,
      startPosition.column,
      endPosition.row,
      endPosition.column
    );
    const descendantCount = C.getValue(TRANSFER_BUFFER, "i32");
    const descendantAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(descendantCount);
    if (descendantCount > 0) {
      let address = descendantAddress;
      for (let i2 = 0; i2 < descendantCount; i2++) {
        result[i2] = unmarshalNode(this.tree, address);
        address += SIZE_OF_NODE;
      }
    }
    C._free(descendantAddress);
    C._free(symbolsAddress);
    return result;
  }
  /** Get this node's next sibling. */
  get nextSibling() {
    marshalNode(this);
    C._ts_node_next_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get this node's previous sibling. */
  get previousSibling() {
    marshalNode(this);
    C._ts_node_prev_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's next *named* sibling.
   *
   * See also {@link Node#isNamed}.
   */
  get nextNamedSibling() {
    marshalNode(this);
    C._ts_node_next_named_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's previous *named* sibling.
   *
   * See also {@link Node#isNamed}.
   */
  get previousNamedSibling() {
    marshalNode(this);
    C._ts_node_prev_named_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the node's number of descendants, including one for the node itself. */
  get descendantCount() {
    marshalNode(this);
    return C._ts_node_descendant_count_wasm(this.tree[0]);
  }
  /**
   * Get this node's immediate parent.
   * Prefer {@link Node#childWithDescendant} for iterating over this node's ancestors.
   */
  get parent() {
    marshalNode(this);
    C._ts_node_parent_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get the node that contains `descendant`.
   *
   * Note that this can return `descendant` itself.
   */
  childWithDescendant(descendant) {
    marshalNode(this);
    marshalNode(descendant, 1);
    C._ts_node_child_with_descendant_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest node within this node that spans the given byte range. */
  descendantForIndex(start2, end = start2) {
    if (typeof start2 !== "number" || typeof end !== "number") {
      throw new Error("Arguments must be numbers");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, start2, "i32");
    C.setValue(address + SIZE_OF_INT, end, "i32");
    C._ts_node_descendant_for_index_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest named node within this node that spans the given byte range. */
  namedDescendantForIndex(start2, end = start2) {
    if (typeof start2 !== "number" || typeof end !== "number") {
      throw new Error("Arguments must be numbers");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, start2, "i32");
    C.setValue(address + SIZE_OF_INT, end, "i32");
    C._ts_node_named_descendant_for_index_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest node within this node that spans the given point range. */
  descendantForPosition(start2, end = start2) {
    if (!isPoint(start2) || !isPoint(end)) {
      throw new Error("Arguments must be {row, column} objects");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    marshalPoint(address, start2);
    marshalPoint(address + SIZE_OF_POINT, end);
    C._ts_node_descendant_for_position_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest named node within this node that spans the given point range. */
  namedDescendantForPosition(start2, end = start2) {
    if (!isPoint(start2) || !isPoint(end)) {
      throw new Error("Arguments must be {row, column} objects");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    marshalPoint(address, start2);
    marshalPoint(address + SIZE_OF_POINT, end);
    C._ts_node_named_descendant_for_position_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Create a new {@link TreeCursor} starting from this node.
   *
   * Note that the given node is considered the root of the cursor,
   * and the cursor cannot walk outside this node.
   */
  walk() {
    marshalNode(this);
    C._ts_tree_cursor_new_wasm(this.tree[0]);
    return new TreeCursor(INTERNAL, this.tree);
  }
  /**
   * Edit this node to keep it in-sync with source code that has been edited.
   *
   * This function is only rarely needed. When you edit a syntax tree with
   * the {@link Tree#edit} method, all of the nodes that you retrieve from
   * the tree afterward will already reflect the edit. You only need to
   * use {@link Node#edit} when you have a specific {@link Node} instance that
   * you want to keep and continue to use after an edit.
   */
  edit(edit) {
    if (this.startIndex >= edit.oldEndIndex) {
      this.startIndex = edit.newEndIndex + (this.startIndex - edit.oldEndIndex);
      let subbedPointRow;
      let subbedPointColumn;
      if (this.startPosition.row > edit.oldEndPosition.row) {
        subbedPointRow = this.startPosition.row - edit.oldEndPosition.row;
        subbedPointColumn = this.startPosition.column;
      } else {
        subbedPointRow = 0;
        subbedPointColumn = this.startPosition.column;
        if (this.startPosition.column >= edit.oldEndPosition.column) {
          subbedPointColumn = this.startPosition.column - edit.oldEndPosition.column;
        }
      }
      if (subbedPointRow > 0) {
        this.startPosition.row += subbedPointRow;
        this.startPosition.column = subbedPointColumn;
      } else {
        this.startPosition.column += subbedPointColumn;
      }
    } else if (this.startIndex > edit.startIndex) {
      this.startIndex = edit.newEndIndex;
      this.startPosition.row = edit.newEndPosition.row;
      this.startPosition.column = edit.newEndPosition.column;
    }
  }
  /** Get the S-expression representation of this node. */
  toString() {
    marshalNode(this);
    const address = C._ts_node_to_string_wasm(this.tree[0]);
    const result = C.AsciiToString(address);
    C._free(address);
    return result;
  }
};
function unmarshalCaptures(query, tree, address, patternIndex, result) {
  for (let i2 = 0, n = result.length; i2 < n; i2++) {
    const captureIndex = C.getValue(address, "i32");
    address += SIZE_OF_INT;
    const node = unmarshalNode(tree, address);
    address += SIZE_OF_NODE;
    result[i2] = { patternIndex, name: query.captureNames[captureIndex], node };
  }
  return address;
}
__name(unmarshalCaptures, "unmarshalCaptures");
function marshalNode(node, index = 0) {
  let address = TRANSFER_BUFFER + index * SIZE_OF_NODE;
  C.setValue(address, node.id, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startPosition.row, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startPosition.column, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node[0], "i32");
}
__name(marshalNode, "marshalNode");
function unmarshalNode(tree, address = TRANSFER_BUFFER) {
  const id = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  if (id === 0) return null;
  const index = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const row = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const column = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const other = C.getValue(address, "i32");
  const result = new Node(INTERNAL, {
    id,
    tree,
    startIndex: index,
    startPosition: { row, column },
    other
  });
  return result;
}
__name(unmarshalNode, "unmarshalNode");
function marshalTreeCursor(cursor, address = TRANSFER_BUFFER) {
  C.setValue(address + 0 * SIZE_OF_INT, cursor[0], "i32");
  C.setValue(address + 1 * SIZE_OF_INT, cursor[1], "i32");
  C.setValue(address + 2 * SIZE_OF_INT, cursor[2], "i32");
  C.setValue(address + 3 * SIZE_OF_INT, cursor[3], "i32");
}
__name(marshalTreeCursor, "marshalTreeCursor");
function unmarshalTreeCursor(cursor) {
  cursor[0] = C.getValue(TRANSFER_BUFFER + 0 * SIZE_OF_INT, "i32");
  cursor[1] = C.getValue(TRANSFER_BUFFER + 1 * SIZE_OF_INT, "i32");
  cursor[2] = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
  cursor[3] = C.getValue(TRANSFER_BUFFER + 3 * SIZE_OF_INT, "i32");
}
__name(unmarshalTreeCursor, "unmarshalTreeCursor");
function marshalPoint(address, point) {
  C.setValue(address, point.row, "i32");
  C.setValue(address + SIZE_OF_INT, point.column, "i32");
}
__name(marshalPoint, "marshalPoint");
function unmarshalPoint(address) {
  const result = {
    row: C.getValue(address, "i32") >>> 0,
    column: C.getValue(address + SIZE_OF_INT, "i32") >>> 0
  };
  return result;
}
__name(unmarshalPoint, "unmarshalPoint");
function marshalRange(address, range) {
  marshalPoint(address, range.startPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, range.endPosition);
  address += SIZE_OF_POINT;
  C.setValue(address, range.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, range.endIndex, "i32");
  address += SIZE_OF_INT;
}
__name(marshalRange, "marshalRange");
function unmarshalRange(address) {
  const result = {};
  result.startPosition = unmarshalPoint(address);
  address += SIZE_OF_POINT;
  result.endPosition = unmarshalPoint(address);
  address += SIZE_OF_POINT;
  result.startIndex = C.getValue(address, "i32") >>> 0;
  address += SIZE_OF_INT;
  result.endIndex = C.getValue(address, "i32") >>> 0;
  return result;
}
__name(unmarshalRange, "unmarshalRange");
function marshalEdit(edit, address = TRANSFER_BUFFER) {
  marshalPoint(address, edit.startPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, edit.oldEndPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, edit.newEndPosition);
  address += SIZE_OF_POINT;
  C.setValue(address, edit.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, edit.oldEndIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, edit.newEndIndex, "i32");
  address += SIZE_OF_INT;
}
__name(marshalEdit, "marshalEdit");
function unmarshalLanguageMetadata(address) {
  const major_version = C.getValue(address, "i32");
  const minor_version = C.getValue(address += SIZE_OF_INT, "i32");
  const patch_version = C.getValue(address += SIZE_OF_INT, "i32");
  return { major_version, minor_version, patch_version };
}
__name(unmarshalLanguageMetadata, "unmarshalLanguageMetadata");
var LANGUAGE_FUNCTION_REGEX = /^tree_sitter_\w+$/;
var Language = class _Language {
  static {
    __name(this, "Language");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for Wasm
  /**
   * A list of all node types in the language. The index of each type in this
   * array is its node type id.
   */
  types;
  /**
   * A list of all field names in the language. The index of each field name in
   * this array is its field id.
   */
  fields;
  /** @internal */
  constructor(internal, address) {
    assertInternal(internal);
    this[0] = address;
    this.types = new Array(C._ts_language_symbol_count(this[0]));
    for (let i2 = 0, n = this.types.length; i2 < n; i2++) {
      if (C._ts_language_symbol_type(this[0], i2) < 2) {
        this.types[i2] = C.UTF8ToString(C._ts_language_symbol_name(this[0], i2));
      }
    }
    this.fields = new Array(C._ts_language_field_count(this[0]) + 1);
    for (let i2 = 0, n = this.fields.length; i2 < n; i2++) {
      const fieldName = C._ts_language_field_name_for_id(this[0], i2);
      if (fieldName !== 0) {
        this.fields[i2] = C.UTF8ToString(fieldName);
      } else {
        this.fields[i2] = null;
      }
    }
  }
  /**
   * Gets the name of the language.
   */
  get name() {
    const ptr = C._ts_language_name(this[0]);
    if (ptr === 0) return null;
    return C.UTF8ToString(ptr);
  }
  /**
   * Gets the ABI version of the language.
   */
  get abiVersion() {
    return C._ts_language_abi_version(this[0]);
  }
  /**
  * Get the metadata for this language. This information is generated by the
  * CLI, and relies on the language author providing the correct metadata in
  * the language's `tree-sitter.json` file.
  */
  get metadata() {
    C._ts_language_metadata_wasm(this[0]);
    const length = C.getValue(TRANSFER_BUFFER, "i32");
    if (length === 0) return null;
    return unmarshalLanguageMetadata(TRANSFER_BUFFER + SIZE_OF_INT);
  }
  /**
   * Gets the number of fields in the language.
   */
  get fieldCount() {
    return this.fields.length - 1;
  }
  /**
   * Gets the number of states in the language.
   */
  get stateCount() {
    return C._ts_language_state_count(this[0]);
  }
  /**
   * Get the field id for a field name.
   */
  fieldIdForName(fieldName) {
    const result = this.fields.indexOf(fieldName);
    return result !== -1 ? result : null;
  }
  /**
   * Get the field name for a field id.
   */
  fieldNameForId(fieldId) {
    return this.fields[fieldId] ?? null;
  }
  /**
   * Get the node type id for a node type name.
   */
  idForNodeType(type, named) {
    const typeLength = C.lengthBytesUTF8(type);
    const typeAddress = C._malloc(typeLength + 1);
    C.stringToUTF8(type, typeAddress, typeLength + 1);
    const result = C._ts_language_symbol_for_name(this[0], typeAddress, typeLength, named ? 1 : 0);
    C._free(typeAddress);
    return result || null;
  }
  /**
   * Gets the number of node types in the language.
   */
  get nodeTypeCount() {
    return C._ts_language_symbol_count(this[0]);
  }
  /**
   * Get the node type name for a node type id.
   */
  nodeTypeForId(typeId) {
    const name2 = C._ts_language_symbol_name(this[0], typeId);
    return name2 ? C.UTF8ToString(name2) : null;
  }
  /**
   * Check if a node type is named.
   *
   * @see {@link https://tree-sitter.github.io/tree-sitter/using-parsers/2-basic-parsing.html#named-vs-anonymous-nodes}
   */
  nodeTypeIsNamed(typeId) {
    return C._ts_language_type_is_named_wasm(this[0], typeId) ? true : false;
  }
  /**
   * Check if a node type is visible.
   */
  nodeTypeIsVisible(typeId) {
    return C._ts_language_type_is_visible_wasm(this[0], typeId) ? true : false;
  }
  /**
   * Get the supertypes ids of this language.
   *
   * @see {@link https://tree-sitter.github.io/tree-sitter/using-parsers/6-static-node-types.html?highlight=supertype#supertype-nodes}
   */
  get supertypes() {
    C._ts_language_supertypes_wasm(this[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = C.getValue(address, "i16");
        address += SIZE_OF_SHORT;
      }
    }
    return result;
  }
  /**
   * Get the subtype ids for a given supertype node id.
   */
  subtypes(supertype) {
    C._ts_language_subtypes_wasm(this[0], supertype);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = C.getValue(address, "i16");
        address += SIZE_OF_SHORT;
      }
    }
    return result;
  }
  /**
   * Get the next state id for a given state id and node type id.
   */
  nextState(stateId, typeId) {
    return C._ts_language_next_state(this[0], stateId, typeId);
  }
  /**
   * Create a new lookahead iterator for this language and parse state.
   *
   * This returns `null` if state is invalid for this language.
   *
   * Iterating {@link LookaheadIterator} will yield valid symbols in the given
   * parse state. Newly created lookahead iterators will return the `ERROR`
   * symbol from {@link LookaheadIterator#currentType}.
   *
   * Lookahead iterators can be useful for generating suggestions and improving
   * syntax error diagnostics. To get symbols valid in an `ERROR` node, use the
   * lookahead iterator on its first leaf node state. For `MISSING` nodes, a
   * lookahead iterator created on the previous non-extra leaf node may be
   * appropriate.
   */
  lookaheadIterator(stateId) {
    const address = C._ts_lookahead_iterator_new(this[0], stateId);
    if (address) return new LookaheadIterator(INTERNAL, address, this);
    return null;
  }
  /**
   * Load a language from a WebAssembly module.
   * The module can be provided as a path to a file or as a buffer.
   */
  static async load(input) {
    let binary2;
    if (input instanceof Uint8Array) {
      binary2 = input;
    } else if (globalThis.process?.versions.node) {
      const fs2 = await import("fs/promises");
      binary2 = await fs2.readFile(input);
    } else {
      const response = await fetch(input);
      if (!response.ok) {
        const body2 = await response.text();
        throw new Error(`Language.load failed with status ${response.status}.

${body2}`);
      }
      const retryResp = response.clone();
      try {
        binary2 = await WebAssembly.compileStreaming(response);
      } catch (reason) {
        console.error("wasm streaming compile failed:", reason);
        console.error("falling back to ArrayBuffer instantiation");
        binary2 = new Uint8Array(await retryResp.arrayBuffer());
      }
    }
    const mod = await C.loadWebAssemblyModule(binary2, { loadAsync: true });
    const symbolNames = Object.keys(mod);
    const functionName = symbolNames.find((key) => LANGUAGE_FUNCTION_REGEX.test(key) && !key.includes("external_scanner_"));
    if (!functionName) {
      console.log(`Couldn't find language function in Wasm file. Symbols:
${JSON.stringify(symbolNames, null, 2)}`);
      throw new Error("Language.load failed: no language function found in Wasm file");
    }
    const languageAddress = mod[functionName]();
    return new _Language(INTERNAL, languageAddress);
  }
};
async function Module2(moduleArg = {}) {
  var moduleRtn;
  var Module = moduleArg;
  var ENVIRONMENT_IS_WEB = typeof window == "object";
  var ENVIRONMENT_IS_WORKER = typeof WorkerGlobalScope != "undefined";
  var ENVIRONMENT_IS_NODE = typeof process == "object" && process.versions?.node && process.type != "renderer";
  if (ENVIRONMENT_IS_NODE) {
    const { createRequire: createRequire2 } = await import("module");
    var require = createRequire2(import.meta.url);
  }
  Module.currentQueryProgressCallback = null;
  Module.currentProgressCallback = null;
  Module.currentLogCallback = null;
  Module.currentParseCallback = null;
  var arguments_ = [];
  var thisProgram = "./this.program";
  var quit_ = /* @__PURE__ */ __name((status, toThrow) => {
    throw toThrow;
  }, "quit_");
  var _scriptName = import.meta.url;
  var scriptDirectory = "";
  function locateFile(path5) {
    if (Module["locateFile"]) {
      return Module["locateFile"](path5, scriptDirectory);
    }
    return scriptDirectory + path5;
  }
  __name(locateFile, "locateFile");
  var readAsync, readBinary;
  if (ENVIRONMENT_IS_NODE) {
    var fs = require("fs");
    if (_scriptName.startsWith("file:")) {
      scriptDirectory = require("path").dirname(require("url").fileURLToPath(_scriptName)) + "/";
    }
    readBinary = /* @__PURE__ */ __name((filename) => {
      filename = isFileURI(filename) ? new URL(filename) : filename;
      var ret = fs.readFileSync(filename);
      return ret;
    }, "readBinary");
    readAsync = /* @__PURE__ */ __name(async (filename, binary2 = true) => {
      filename = isFileURI(filename) ? new URL(filename) : filename;
      var ret = fs.readFileSync(filename, binary2 ? void 0 : "utf8");
      return ret;
    }, "readAsync");
    if (process.argv.length > 1) {
      thisProgram = process.argv[1].replace(/\\/g, "/");
    }
    arguments_ = process.argv.slice(2);
    quit_ = /* @__PURE__ */ __name((status, toThrow) => {
      process.exitCode = status;
      throw toThrow;
    }, "quit_");
  } else if (ENVIRONMENT_IS_WEB || ENVIRONMENT_IS_WORKER) {
    try {
      scriptDirectory = new URL(".", _scriptName).href;
    } catch {
    }
    {
      if (ENVIRONMENT_IS_WORKER) {
        readBinary = /* @__PURE__ */ __name((url) => {
          var xhr = new XMLHttpRequest();
          xhr.open("GET", url, false);
          xhr.responseType = "arraybuffer";
          xhr.send(null);
          return new Uint8Array(
            /** @type{!ArrayBuffer} */
            xhr.response
          );
        }, "readBinary");
      }
      readAsync = /* @__PURE__ */ __name(async (url) => {
        if (isFileURI(url)) {
          return new Promise((resolve, reject) => {
            var xhr = new XMLHttpRequest();
            xhr.open("GET", url, true);
            xhr.responseType = "arraybuffer";
            xhr.onload = () => {
              if (xhr.status == 200 || xhr.status == 0 && xhr.response) {
                resolve(xhr.response);
                return;
              }
              reject(xhr.status);
            };
            xhr.onerror = reject;
            xhr.send(null);
          });
        }
        var response = await fetch(url, {
          credentials: "same-origin"
        });
        if (response.ok) {
          return response.arrayBuffer();
        }
        throw new Error(response.status + " : " + response.url);
      }, "readAsync");
    }
  } else {
  }
  var out = console.log.bind(console);
  var err = console.error.bind(console);
  var dynamicLibraries = [];
  var wasmBinary;
  var ABORT = false;
  var EXITSTATUS;
  var isFileURI = /* @__PURE__ */ __name((filename) => filename.startsWith("file://"), "isFileURI");
  var readyPromiseResolve, readyPromiseReject;
  var wasmMemory;
  var HEAP8, HEAPU8, HEAP16, HEAPU16, HEAP32, HEAPU32, HEAPF32, HEAPF64;
  var HEAP64, HEAPU64;
  var HEAP_DATA_VIEW;
  var runtimeInitialized = false;
  function updateMemoryViews() {
    var b = wasmMemory.buffer;
    Module["HEAP8"] = HEAP8 = new Int8Array(b);
    Module["HEAP16"] = HEAP16 = new Int16Array(b);
    Module["HEAPU8"] = HEAPU8 = new Uint8Array(b);
    Module["HEAPU16"] = HEAPU16 = new Uint16Array(b);
    Module["HEAP32"] = HEAP32 = new Int32Array(b);
    Module["HEAPU32"] = HEAPU32 = new Uint32Array(b);
    Module["HEAPF32"] = HEAPF32 = new Float32Array(b);
    Module["HEAPF64"] = HEAPF64 = new Float64Array(b);
    Module["HEAP64"] = HEAP64 = new BigInt64Array(b);
    Module["HEAPU64"] = HEAPU64 = new BigUint64Array(b);
    Module["HEAP_DATA_VIEW"] = HEAP_DATA_VIEW = new DataView(b);
    LE_HEAP_UPDATE();
  }
  __name(updateMemoryViews, "updateMemoryViews");
  function initMemory() {
    if (Module["wasmMemory"]) {
      wasmMemory = Module["wasmMemory"];
    } else {
      var INITIAL_MEMORY = Module["INITIAL_MEMORY"] || 33554432;
      wasmMemory = new WebAssembly.Memory({
        "initial": INITIAL_MEMORY / 65536,
        // In theory we should not need to emit the maximum if we want "unlimited"
        // or 4GB of memory, but VMs error on that atm, see
        // https://github.com/emscripten-core/emscripten/issues/14130
        // And in the pthreads case we definitely need to emit a maximum. So
        // always emit one.
        "maximum": 32768
      });
    }
    updateMemoryViews();
  }
  __name(initMemory, "initMemory");
  var __RELOC_FUNCS__ = [];
  function preRun() {
    if (Module["preRun"]) {
      if (typeof Module["preRun"] == "function") Module["preRun"] = [Module["preRun"]];
      while (Module["preRun"].length) {
        addOnPreRun(Module["preRun"].shift());
      }
    }
    callRuntimeCallbacks(onPreRuns);
  }
  __name(preRun, "preRun");
  function initRuntime() {
    runtimeInitialized = true;
    callRuntimeCallbacks(__RELOC_FUNCS__);
    wasmExports["__wasm_call_ctors"]();
    callRuntimeCallbacks(onPostCtors);
  }
  __name(initRuntime, "initRuntime");
  function preMain() {
  }
  __name(preMain, "preMain");
  function postRun() {
    if (Module["postRun"]) {
      if (typeof Module["postRun"] == "function") Module["postRun"] = [Module["postRun"]];
      while (Module["postRun"].length) {
        addOnPostRun(Module["postRun"].shift());
      }
    }
    callRuntimeCallbacks(onPostRuns);
  }
  __name(postRun, "postRun");
  function abort(what) {
    Module["onAbort"]?.(what);
    what = "Aborted(" + what + ")";
    err(what);
    ABORT = true;
    what += ". Build with -sASSERTIONS for more info.";
    var e = new WebAssembly.RuntimeError(what);
    readyPromiseReject?.(e);
    throw e;
  }
  __name(abort, "abort");
  var wasmBinaryFile;
  function findWasmBinary() {
    if (Module["locateFile"]) {
      return locateFile("web-tree-sitter.wasm");
    }
    return new URL("web-tree-sitter.wasm", import.meta.url).href;
  }
  __name(findWasmBinary, "findWasmBinary");
  function getBinarySync(file) {
    if (file == wasmBinaryFile && wasmBinary) {
      return new Uint8Array(wasmBinary);
    }
    if (readBinary) {
      return readBinary(file);
    }
    throw "both async and sync fetching of the wasm failed";
  }
  __name(getBinarySync, "getBinarySync");
  async function getWasmBinary(binaryFile) {
    if (!wasmBinary) {
      try {
        var response = await readAsync(binaryFile);
        return new Uint8Array(response);
      } catch {
      }
    }
    return getBinarySync(binaryFile);
  }
  __name(getWasmBinary, "getWasmBinary");
  async function instantiateArrayBuffer(binaryFile, imports) {
    try {
      var binary2 = await getWasmBinary(binaryFile);
      var instance2 = await WebAssembly.instantiate(binary2, imports);
      return instance2;
    } catch (reason) {
      err(`failed to asynchronously prepare wasm: ${reason}`);
      abort(reason);
    }
  }
  __name(instantiateArrayBuffer, "instantiateArrayBuffer");
  async function instantiateAsync(binary2, binaryFile, imports) {
    if (!binary2 && !isFileURI(binaryFile) && !ENVIRONMENT_IS_NODE) {
      try {
        var response = fetch(binaryFile, {
          credentials: "same-origin"
        });
        var instantiationResult = await WebAssembly.instantiateStreaming(response, imports);
        return instantiationResult;
      } catch (reason) {
        err(`wasm streaming compile failed: ${reason}`);
        err("falling back to ArrayBuffer instantiation");
      }
    }
    return instantiateArrayBuffer(binaryFile, imports);
  }
  __name(instantiateAsync, "instantiateAsync");
  function getWasmImports() {
    return {
      "env": wasmImports,
      "wasi_snapshot_preview1": wasmImports,
      "GOT.mem": new Proxy(wasmImports, GOTHandler),
      "GOT.func": new Proxy(wasmImports, GOTHandler)
    };
  }
  __name(getWasmImports, "getWasmImports");
  async function createWasm() {
    function receiveInstance(instance2, module2) {
      wasmExports = instance2.exports;
      wasmExports = relocateExports(wasmExports, 1024);
      var metadata2 = getDylinkMetadata(module2);
      if (metadata2.neededDynlibs) {
        dynamicLibraries = metadata2.neededDynlibs.concat(dynamicLibraries);
      }
      mergeLibSymbols(wasmExports, "main");
      LDSO.init();
      loadDylibs();
      __RELOC_FUNCS__.push(wasmExports["__wasm_apply_data_relocs"]);
      assignWasmExports(wasmExports);
      return wasmExports;
    }
    __name(receiveInstance, "receiveInstance");
    function receiveInstantiationResult(result2) {
      return receiveInstance(result2["instance"], result2["module"]);
    }
    __name(receiveInstantiationResult, "receiveInstantiationResult");
    var info2 = getWasmImports();
    if (Module["instantiateWasm"]) {
      return new Promise((resolve, reject) => {
        Module["instantiateWasm"](info2, (mod, inst) => {
          resolve(receiveInstance(mod, inst));
        });
      });
    }
    wasmBinaryFile ??= findWasmBinary();
    var result = await instantiateAsync(wasmBinary, wasmBinaryFile, info2);
    var exports = receiveInstantiationResult(result);
    return exports;
  }
  __name(createWasm, "createWasm");
  class ExitStatus {
    static {
      __name(this, "ExitStatus");
    }
    name = "ExitStatus";
    constructor(status) {
      this.message = `Program terminated with exit(${status})`;
      this.status = status;
    }
  }
  var GOT = {};
  var currentModuleWeakSymbols = /* @__PURE__ */ new Set([]);
  var GOTHandler = {
    get(obj, symName) {
      var rtn = GOT[symName];
      if (!rtn) {
        rtn = GOT[symName] = new WebAssembly.Global({
          "value": "i32",
          "mutable": true
        });
      }
      if (!currentModuleWeakSymbols.has(symName)) {
        rtn.required = true;
      }
      return rtn;
    }
  };
  var LE_ATOMICS_NATIVE_BYTE_ORDER = [];
  var LE_HEAP_LOAD_F32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getFloat32(byteOffset, true), "LE_HEAP_LOAD_F32");
  var LE_HEAP_LOAD_F64 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getFloat64(byteOffset, true), "LE_HEAP_LOAD_F64");
  var LE_HEAP_LOAD_I16 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getInt16(byteOffset, true), "LE_HEAP_LOAD_I16");
  var LE_HEAP_LOAD_I32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getInt32(byteOffset, true), "LE_HEAP_LOAD_I32");
  var LE_HEAP_LOAD_I64 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getBigInt64(byteOffset, true), "LE_HEAP_LOAD_I64");
  var LE_HEAP_LOAD_U32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getUint32(byteOffset, true), "LE_HEAP_LOAD_U32");
  var LE_HEAP_STORE_F32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setFloat32(byteOffset, value, true), "LE_HEAP_STORE_F32");
  var LE_HEAP_STORE_F64 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setFloat64(byteOffset, value, true), "LE_HEAP_STORE_F64");
  var LE_HEAP_STORE_I16 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setInt16(byteOffset, value, true), "LE_HEAP_STORE_I16");
  var LE_HEAP_STORE_I32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setInt32(byteOffset, value, true), "LE_HEAP_STORE_I32");
  var LE_HEAP_STORE_I64 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setBigInt64(byteOffset, value, true), "LE_HEAP_STORE_I64");
  var LE_HEAP_STORE_U32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setUint32(byteOffset, value, true), "LE_HEAP_STORE_U32");
  var callRuntimeCallbacks = /* @__PURE__ */ __name((callbacks) => {
    while (callbacks.length > 0) {
      callbacks.shift()(Module);
    }
  }, "callRuntimeCallbacks");
  var onPostRuns = [];
  var addOnPostRun = /* @__PURE__ */ __name((cb) => onPostRuns.push(cb), "addOnPostRun");
  var onPreRuns = [];
  var addOnPreRun = /* @__PURE__ */ __name((cb) => onPreRuns.push(cb), "addOnPreRun");
  var UTF8Decoder = typeof TextDecoder != "undefined" ? new TextDecoder() : void 0;
  var findStringEnd = /* @__PURE__ */ __name((heapOrArray, idx, maxBytesToRead, ignoreNul) => {
    var maxIdx = idx + maxBytesToRead;
    if (ignoreNul) return maxIdx;
    while (heapOrArray[idx] && !(idx >= maxIdx)) ++idx;
    return idx;
  }, "findStringEnd");
  var UTF8ArrayToString = /* @__PURE__ */ __name((heapOrArray, idx = 0, maxBytesToRead, ignoreNul) => {
    var endPtr = findStringEnd(heapOrArray, idx, maxBytesToRead, ignoreNul);
    if (endPtr - idx > 16 && heapOrArray.buffer && UTF8Decoder) {
      return UTF8Decoder.decode(heapOrArray.subarray(idx, endPtr));
    }
    var str = "";
    while (idx < endPtr) {
      var u0 = heapOrArray[idx++];
      if (!(u0 & 128)) {
        str += String.fromCharCode(u0);
        continue;
      }
      var u1 = heapOrArray[idx++] & 63;
      if ((u0 & 224) == 192) {
        str += String.fromCharCode((u0 & 31) << 6 | u1);
        continue;
      }
      var u2 = heapOrArray[idx++] & 63;
      if ((u0 & 240) == 224) {
        u0 = (u0 & 15) << 12 | u1 << 6 | u2;
      } else {
        u0 = (u0 & 7) << 18 | u1 << 12 | u2 << 6 | heapOrArray[idx++] & 63;
      }
      if (u0 < 65536) {
        str += String.fromCharCode(u0);
      } else {
        var ch = u0 - 65536;
        str += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
      }
    }
    return str;
  }, "UTF8ArrayToString");
  var getDylinkMetadata = /* @__PURE__ */ __name((binary2) => {
    var offset = 0;
    var end = 0;
    function getU8() {
      return binary2[offset++];
    }
    __name(getU8, "getU8");
    function getLEB() {
      var ret = 0;
      var mul = 1;
      while (1) {
        var byte = binary2[offset++];
        ret += (byte & 127) * mul;
        mul *= 128;
        if (!(byte & 128)) break;
      }
      return ret;
    }
    __name(getLEB, "getLEB");
    function getString() {
      var len = getLEB();
      offset += len;
      return UTF8ArrayToString(binary2, offset - len, len);
    }
    __name(getString, "getString");
    function getStringList() {
      var count2 = getLEB();
      var rtn = [];
      while (count2--) rtn.push(getString());
      return rtn;
    }
    __name(getStringList, "getStringList");
    function failIf(condition, message) {
      if (condition) throw new Error(message);
    }
    __name(failIf, "failIf");
    if (binary2 instanceof WebAssembly.Module) {
      var dylinkSection = WebAssembly.Module.customSections(binary2, "dylink.0");
      failIf(dylinkSection.length === 0, "need dylink section");
      binary2 = new Uint8Array(dylinkSection[0]);
      end = binary2.length;
    } else {
      var int32View = new Uint32Array(new Uint8Array(binary2.subarray(0, 24)).buffer);
      var magicNumberFound = int32View[0] == 1836278016 || int32View[0] == 6386541;
      failIf(!magicNumberFound, "need to see wasm magic number");
      failIf(binary2[8] !== 0, "need the dylink section to be first");
      offset = 9;
      var section_size = getLEB();
      end = offset + section_size;
      var name2 = getString();
      failIf(name2 !== "dylink.0");
    }
    var customSection = {
      neededDynlibs: [],
      tlsExports: /* @__PURE__ */ new Set(),
      weakImports: /* @__PURE__ */ new Set(),
      runtimePaths: []
    };
    var WASM_DYLINK_MEM_INFO = 1;
    var WASM_DYLINK_NEEDED = 2;
    var WASM_DYLINK_EXPORT_INFO = 3;
    var WASM_DYLINK_IMPORT_INFO = 4;
    var WASM_DYLINK_RUNTIME_PATH = 5;
    var WASM_SYMBOL_TLS = 256;
    var WASM_SYMBOL_BINDING_MASK = 3;
    var WASM_SYMBOL_BINDING_WEAK = 1;
    while (offset < end) {
      var subsectionType = getU8();
      var subsectionSize = getLEB();
      if (subsectionType === WASM_DYLINK_MEM_INFO) {
        customSection.memorySize = getLEB();
        customSection.memoryAlign = getLEB();
        customSection.tableSize = getLEB();
        customSection.tableAlign = getLEB();
      } else if (subsectionType === WASM_DYLINK_NEEDED) {
        customSection.neededDynlibs = getStringList();
      } else if (subsectionType === WASM_DYLINK_EXPORT_INFO) {
        var count = getLEB();
        while (count--) {
          var symname = getString();
          var flags2 = getLEB();
          if (flags2 & WASM_SYMBOL_TLS) {
            customSection.tlsExports.add(symname);
          }
        }
      } else if (subsectionType === WASM_DYLINK_IMPORT_INFO) {
        var count = getLEB();
        while (count--) {
          var modname = getString();
          var symname = getString();
          var flags2 = getLEB();
          if ((flags2 & WASM_SYMBOL_BINDING_MASK) == WASM_SYMBOL_BINDING_WEAK) {
            customSection.weakImports.add(symname);
          }
        }
      } else if (subsectionType === WASM_DYLINK_RUNTIME_PATH) {
        customSection.runtimePaths = getStringList();
      } else {
        offset += subsectionSize;
      }
    }
    return customSection;
  }, "getDylinkMetadata");
  function getValue(ptr, type = "i8") {
    if (type.endsWith("*")) type = "*";
    switch (type) {
      case "i1":
        return HEAP8[ptr];
      case "i8":
        return HEAP8[ptr];
      case "i16":
        return LE_HEAP_LOAD_I16((ptr >> 1) * 2);
      case "i32":
        return LE_HEAP_LOAD_I32((ptr >> 2) * 4);
      case "i64":
        return LE_HEAP_LOAD_I64((ptr >> 3) * 8);
      case "float":
        return LE_HEAP_LOAD_F32((ptr >> 2) * 4);
      case "double":
        return LE_HEAP_LOAD_F64((ptr >> 3) * 8);
      case "*":
        return LE_HEAP_LOAD_U32((ptr >> 2) * 4);
      default:
        abort(`invalid type for getValue: ${type}`);
    }
  }
  __name(getValue, "getValue");
  var newDSO = /* @__PURE__ */ __name((name2, handle2, syms) => {
    var dso = {
      refcount: Infinity,
      name: name2,
      exports: syms,
      global: true
    };
    LDSO.loadedLibsByName[name2] = dso;
    if (handle2 != void 0) {
      LDSO.loadedLibsByHandle[handle2] = dso;
    }
    return dso;
  }, "newDSO");
  var LDSO = {
    loadedLibsByName: {},
    loadedLibsByHandle: {},
    init() {
      newDSO("__main__", 0, wasmImports);
    }
  };
  var ___heap_base = 78240;
  var alignMemory = /* @__PURE__ */ __name((size, alignment) => Math.ceil(size / alignment) * alignment, "alignMemory");
  var getMemory = /* @__PURE__ */ __name((size) => {
    if (runtimeInitialized) {
      return _calloc(size, 1);
    }
    var ret = ___heap_base;
    var end = ret + alignMemory(size, 16);
    ___heap_base = end;
    GOT["__heap_base"].value = end;
    return ret;
  }, "getMemory");
  var isInternalSym = /* @__PURE__ */ __name((symName) => ["__cpp_exception", "__c_longjmp", "__wasm_apply_data_relocs", "__dso_handle", "__tls_size", "__tls_align", "__set_stack_limits", "_emscripten_tls_init", "__wasm_init_tls", "__wasm_call_ctors", "__start_em_asm", "__stop_em_asm", "__start_em_js", "__stop_em_js"].includes(symName) || symName.startsWith("__em_js__"), "isInternalSym");
  var uleb128EncodeWithLen = /* @__PURE__ */ __name((arr) => {
    const n = arr.length;
    return [n % 128 | 128, n >> 7, ...arr];
  }, "uleb128EncodeWithLen");
  var wasmTypeCodes = {
    "i": 127,
    // i32
    "p": 127,
    // i32
    "j": 126,
    // i64
    "f": 125,
    // f32
    "d": 124,
    // f64
    "e": 111
  };
  var generateTypePack = /* @__PURE__ */ __name((types) => uleb128EncodeWithLen(Array.from(types, (type) => {
    var code = wasmTypeCodes[type];
    return code;
  })), "generateTypePack");
  var convertJsFunctionToWasm = /* @__PURE__ */ __name((func2, sig) => {
    var bytes = Uint8Array.of(
      0,
      97,
      115,
      109,
      // magic ("\0asm")
      1,
      0,
      0,
      0,
      // version: 1
      1,
      ...uleb128EncodeWithLen([
        1,
        // count: 1
        96,
        // param types
        ...generateTypePack(sig.slice(1)),
        // return types (for now only supporting [] if `void` and single [T] otherwise)
        ...generateTypePack(sig[0] === "v" ? "" : sig[0])
      ]),
      // The rest of the module is static
      2,
      7,
      // import section
      // (import "e" "f" (func 0 (type 0)))
      1,
      1,
      101,
      1,
      102,
      0,
      0,
      7,
      5,
      // export section
      // (export "f" (func 0 (type 0)))
      1,
      1,
      102,
      0,
      0
    );
    var module2 = new WebAssembly.Module(bytes);
    var instance2 = new WebAssembly.Instance(module2, {
      "e": {
        "f": func2
      }
    });
    var wrappedFunc = instance2.exports["f"];
    return wrappedFunc;
  }, "convertJsFunctionToWasm");
  var wasmTableMirror = [];
  var wasmTable = new WebAssembly.Table({
    "initial": 31,
    "element": "anyfunc"
  });
  var getWasmTableEntry = /* @__PURE__ */ __name((funcPtr) => {
    var func2 = wasmTableMirror[funcPtr];
    if (!func2) {
      wasmTableMirror[funcPtr] = func2 = wasmTable.get(funcPtr);
    }
    return func2;
  }, "getWasmTableEntry");
  var updateTableMap = /* @__PURE__ */ __name((offset, count) => {
    if (functionsInTableMap) {
      for (var i2 = offset; i2 < offset + count; i2++) {
        var item = getWasmTableEntry(i2);
        if (item) {
          functionsInTableMap.set(item, i2);
        }
      }
    }
  }, "updateTableMap");
  var functionsInTableMap;
  var getFunctionAddress = /* @__PURE__ */ __name((func2) => {
    if (!functionsInTableMap) {
      functionsInTableMap = /* @__PURE__ */ new WeakMap();
      updateTableMap(0, wasmTable.length);
    }
    return functionsInTableMap.get(func2) || 0;
  }, "getFunctionAddress");
  var freeTableIndexes = [];
  var getEmptyTableSlot = /* @__PURE__ */ __name(() => {
    if (freeTableIndexes.length) {
      return freeTableIndexes.pop();
    }
    return wasmTable["grow"](1);
  }, "getEmptyTableSlot");
  var setWasmTableEntry = /* @__PURE__ */ __name((idx, func2) => {
    wasmTable.set(idx, func2);
    wasmTableMirror[idx] = wasmTable.get(idx);
  }, "setWasmTableEntry");
  var addFunction = /* @__PURE__ */ __name((func2, sig) => {
    var rtn = getFunctionAddress(func2);
    if (rtn) {
      return rtn;
    }
    var ret = getEmptyTableSlot();
    try {
      setWasmTableEntry(ret, func2);
    } catch (err2) {
      if (!(err2 instanceof TypeError)) {
        throw err2;
      }
      var wrapped = convertJsFunctionToWasm(func2, sig);
      setWasmTableEntry(ret, wrapped);
    }
    functionsInTableMap.set(func2, ret);
    return ret;
  }, "addFunction");
  var updateGOT = /* @__PURE__ */ __name((exports, replace) => {
    for (var symName in exports) {
      if (isInternalSym(symName)) {
        continue;
      }
      var value = exports[symName];
      GOT[symName] ||= new WebAssembly.Global({
        "value": "i32",
        "mutable": true
      });
      if (replace || GOT[symName].value == 0) {
        if (typeof value == "function") {
          GOT[symName].value = addFunction(value);
        } else if (typeof value == "number") {
          GOT[symName].value = value;
        } else {
          err(`unhandled export type for '${symName}': ${typeof value}`);
        }
      }
    }
  }, "updateGOT");
  var relocateExports = /* @__PURE__ */ __name((exports, memoryBase2, replace) => {
    var relocated = {};
    for (var e in exports) {
      var value = exports[e];
      if (typeof value == "object") {
        value = value.value;
      }
      if (typeof value == "number") {
        value += memoryBase2;
      }
      relocated[e] = value;
    }
    updateGOT(relocated, replace);
    return relocated;
  }, "relocateExports");
  var isSymbolDefined = /* @__PURE__ */ __name((symName) => {
    var existing = wasmImports[symName];
    if (!existing || existing.stub) {
      return false;
    }
    return true;
  }, "isSymbolDefined");
  var dynCall = /* @__PURE__ */ __name((sig, ptr, args2 = [], promising = false) => {
    var func2 = getWasmTableEntry(ptr);
    var rtn = func2(...args2);
    function convert(rtn2) {
      return rtn2;
    }
    __name(convert, "convert");
    return convert(rtn);
  }, "dynCall");
  var stackSave = /* @__PURE__ */ __name(() => _emscripten_stack_get_current(), "stackSave");
  var stackRestore = /* @__PURE__ */ __name((val) => __emscripten_stack_restore(val), "stackRestore");
  var createInvokeFunction = /* @__PURE__ */ __name((sig) => (ptr, ...args2) => {
    var sp = stackSave();
    try {
      return dynCall(sig, ptr, args2);
    } catch (e) {
      stackRestore(sp);
      if (e !== e + 0) throw e;
      _setThrew(1, 0);
      if (sig[0] == "j") return 0n;
    }
  }, "createInvokeFunction");
  var resolveGlobalSymbol = /* @__PURE__ */ __name((symName, direct = false) => {
    var sym;
    if (isSymbolDefined(symName)) {
      sym = wasmImports[symName];
    } else if (symName.startsWith("invoke_")) {
      sym = wasmImports[symName] = createInvokeFunction(symName.split("_")[1]);
    }
    return {
      sym,
      name: symName
    };
  }, "resolveGlobalSymbol");
  var onPostCtors = [];
  var addOnPostCtor = /* @__PURE__ */ __name((cb) => onPostCtors.push(cb), "addOnPostCtor");
  var UTF8ToString = /* @__PURE__ */ __name((ptr, maxBytesToRead, ignoreNul) => ptr ? UTF8ArrayToString(HEAPU8, ptr, maxBytesToRead, ignoreNul) : "", "UTF8ToString");
  var loadWebAssemblyModule = /* @__PURE__ */ __name((binary, flags, libName, localScope, handle) => {
    var metadata = getDylinkMetadata(binary);
    function loadModule() {
      var memAlign = Math.pow(2, metadata.memoryAlign);
      var memoryBase = metadata.memorySize ? alignMemory(getMemory(metadata.memorySize + memAlign), memAlign) : 0;
      var tableBase = metadata.tableSize ? wasmTable.length : 0;
      if (handle) {
        HEAP8[handle + 8] = 1;
        LE_HEAP_STORE_U32((handle + 12 >> 2) * 4, memoryBase);
        LE_HEAP_STORE_I32((handle + 16 >> 2) * 4, metadata.memorySize);
        LE_HEAP_STORE_U32((handle + 20 >> 2) * 4, tableBase);
        LE_HEAP_STORE_I32((handle + 24 >> 2) * 4, metadata.tableSize);
      }
      if (metadata.tableSize) {
        wasmTable.grow(metadata.tableSize);
      }
      var moduleExports;
      function resolveSymbol(sym) {
        var resolved = resolveGlobalSymbol(sym).sym;
        if (!resolved && localScope) {
          resolved = localScope[sym];
        }
        if (!resolved) {
          resolved = moduleExports[sym];
        }
        return resolved;
      }
      __name(resolveSymbol, "resolveSymbol");
      var proxyHandler = {
        get(stubs, prop) {
          switch (prop) {
            case "__memory_base":
              return memoryBase;
            case "__table_base":
              return tableBase;
          }
          if (prop in wasmImports && !wasmImports[prop].stub) {
            var res = wasmImports[prop];
            return res;
          }
          if (!(prop in stubs)) {
            var resolved;
            stubs[prop] = (...args2) => {
              resolved ||= resolveSymbol(prop);
              return resolved(...args2);
            };
          }
          return stubs[prop];
        }
      };
      var proxy = new Proxy({}, proxyHandler);
      currentModuleWeakSymbols = metadata.weakImports;
      var info = {
        "GOT.mem": new Proxy({}, GOTHandler),
        "GOT.func": new Proxy({}, GOTHandler),
        "env": proxy,
        "wasi_snapshot_preview1": proxy
      };
      function postInstantiation(module, instance) {
        updateTableMap(tableBase, metadata.tableSize);
        moduleExports = relocateExports(instance.exports, memoryBase);
        if (!flags.allowUndefined) {
          reportUndefinedSymbols();
        }
        function addEmAsm(addr, body) {
          var args = [];
          var arity = 0;
          for (; arity < 16; arity++) {
            if (body.indexOf("$" + arity) != -1) {
              args.push("$" + arity);
            } else {
              break;
            }
          }
          args = args.join(",");
          var func = `(${args}) => { ${body} };`;
          ASM_CONSTS[start] = eval(func);
        }
        __name(addEmAsm, "addEmAsm");
        if ("__start_em_asm" in moduleExports) {
          var start = moduleExports["__start_em_asm"];
          var stop = moduleExports["__stop_em_asm"];
          while (start < stop) {
            var jsString = UTF8ToString(start);
            addEmAsm(start, jsString);
            start = HEAPU8.indexOf(0, start) + 1;
          }
        }
        function addEmJs(name, cSig, body) {
          var jsArgs = [];
          cSig = cSig.slice(1, -1);
          if (cSig != "void") {
            cSig = cSig.split(",");
            for (var i in cSig) {
              var jsArg = cSig[i].split(" ").pop();
              jsArgs.push(jsArg.replace("*", ""));
            }
          }
          var func = `(${jsArgs}) => ${body};`;
          moduleExports[name] = eval(func);
        }
        __name(addEmJs, "addEmJs");
        for (var name in moduleExports) {
          if (name.startsWith("__em_js__")) {
            var start = moduleExports[name];
            var jsString = UTF8ToString(start);
            var parts = jsString.split("<::>");
            addEmJs(name.replace("__em_js__", ""), parts[0], parts[1]);
            delete moduleExports[name];
          }
        }
        var applyRelocs = moduleExports["__wasm_apply_data_relocs"];
        if (applyRelocs) {
          if (runtimeInitialized) {
            applyRelocs();
          } else {
            __RELOC_FUNCS__.push(applyRelocs);
          }
        }
        var init = moduleExports["__wasm_call_ctors"];
        if (init) {
          if (runtimeInitialized) {
            init();
          } else {
            addOnPostCtor(init);
          }
        }
        return moduleExports;
      }
      __name(postInstantiation, "postInstantiation");
      if (flags.loadAsync) {
        return (async () => {
          var instance2;
          if (binary instanceof WebAssembly.Module) {
            instance2 = new WebAssembly.Instance(binary, info);
          } else {
            ({ module: binary, instance: instance2 } = await WebAssembly.instantiate(binary, info));
          }
          return postInstantiation(binary, instance2);
        })();
      }
      var module = binary instanceof WebAssembly.Module ? binary : new WebAssembly.Module(binary);
      var instance = new WebAssembly.Instance(module, info);
      return postInstantiation(module, instance);
    }
    __name(loadModule, "loadModule");
    flags = {
      ...flags,
      rpath: {
        parentLibPath: libName,
        paths: metadata.runtimePaths
      }
    };
    if (flags.loadAsync) {
      return metadata.neededDynlibs.reduce((chain, dynNeeded) => chain.then(() => loadDynamicLibrary(dynNeeded, flags, localScope)), Promise.resolve()).then(loadModule);
    }
    metadata.neededDynlibs.forEach((needed) => loadDynamicLibrary(needed, flags, localScope));
    return loadModule();
  }, "loadWebAssemblyModule");
  var mergeLibSymbols = /* @__PURE__ */ __name((exports, libName2) => {
    for (var [sym, exp] of Object.entries(exports)) {
      const setImport = /* @__PURE__ */ __name((target) => {
        if (!isSymbolDefined(target)) {
          wasmImports[target] = exp;
        }
      }, "setImport");
      setImport(sym);
      const main_alias = "__main_argc_argv";
      if (sym == "main") {
        setImport(main_alias);
      }
      if (sym == main_alias) {
        setImport("main");
      }
    }
  }, "mergeLibSymbols");
  var asyncLoad = /* @__PURE__ */ __name(async (url) => {
    var arrayBuffer = await readAsync(url);
    return new Uint8Array(arrayBuffer);
  }, "asyncLoad");
  function loadDynamicLibrary(libName2, flags2 = {
    global: true,
    nodelete: true
  }, localScope2, handle2) {
    var dso = LDSO.loadedLibsByName[libName2];
    if (dso) {
      if (!flags2.global) {
        if (localScope2) {
          Object.assign(localScope2, dso.exports);
        }
      } else if (!dso.global) {
        dso.global = true;
        mergeLibSymbols(dso.exports, libName2);
      }
      if (flags2.nodelete && dso.refcount !== Infinity) {
        dso.refcount = Infinity;
      }
      dso.refcount++;
      if (handle2) {
        LDSO.loadedLibsByHandle[handle2] = dso;
      }
      return flags2.loadAsync ? Promise.resolve(true) : true;
    }
    dso = newDSO(libName2, handle2, "loading");
    dso.refcount = flags2.nodelete ? Infinity : 1;
    dso.global = flags2.global;
    function loadLibData() {
      if (handle2) {
        var data = LE_HEAP_LOAD_U32((handle2 + 28 >> 2) * 4);
        var dataSize = LE_HEAP_LOAD_U32((handle2 + 32 >> 2) * 4);
        if (data && dataSize) {
          var libData = HEAP8.slice(data, data + dataSize);
          return flags2.loadAsync ? Promise.resolve(libData) : libData;
        }
      }
      var libFile = locateFile(libName2);
      if (flags2.loadAsync) {
        return asyncLoad(libFile);
      }
      if (!readBinary) {
        throw new Error(`${libFile}: file not found, and synchronous loading of external files is not available`);
      }
      return readBinary(libFile);
    }
    __name(loadLibData, "loadLibData");
    function getExports() {
      if (flags2.loadAsync) {
        return loadLibData().then((libData) => loadWebAssemblyModule(libData, flags2, libName2, localScope2, handle2));
      }
      return loadWebAssemblyModule(loadLibData(), flags2, libName2, localScope2, handle2);
    }
    __name(getExports, "getExports");
    function moduleLoaded(exports) {
      if (dso.global) {
        mergeLibSymbols(exports, libName2);
      } else if (localScope2) {
        Object.assign(localScope2, exports);
      }
      dso.exports = exports;
    }
    __name(moduleLoaded, "moduleLoaded");
    if (flags2.loadAsync) {
      return getExports().then((exports) => {
        moduleLoaded(exports);
        return true;
      });
    }
    moduleLoaded(getExports());
    return true;
  }
  __name(loadDynamicLibrary, "loadDynamicLibrary");
  var reportUndefinedSymbols = /* @__PURE__ */ __name(() => {
    for (var [symName, entry] of Object.entries(GOT)) {
      if (entry.value == 0) {
        var value = resolveGlobalSymbol(symName, true).sym;
        if (!value && !entry.required) {
          continue;
        }
        if (typeof value == "function") {
          entry.value = addFunction(value, value.sig);
        } else if (typeof value == "number") {
          entry.value = value;
        } else {
          throw new Error(`bad export type for '${symName}': ${typeof value}`);
        }
      }
    }
  }, "reportUndefinedSymbols");
  var runDependencies = 0;
  var dependenciesFulfilled = null;
  var removeRunDependency = /* @__PURE__ */ __name((id) => {
    runDependencies--;
    Module["monitorRunDependencies"]?.(runDependencies);
    if (runDependencies == 0) {
      if (dependenciesFulfilled) {
        var callback = dependenciesFulfilled;
        dependenciesFulfilled = null;
        callback();
      }
    }
  }, "removeRunDependency");
  var addRunDependency = /* @__PURE__ */ __name((id) => {
    runDependencies++;
    Module["monitorRunDependencies"]?.(runDependencies);
  }, "addRunDependency");
  var loadDylibs = /* @__PURE__ */ __name(async () => {
    if (!dynamicLibraries.length) {
      reportUndefinedSymbols();
      return;
    }
    addRunDependency("loadDylibs");
    for (var lib of dynamicLibraries) {
      await loadDynamicLibrary(lib, {
        loadAsync: true,
        global: true,
        nodelete: true,
        allowUndefined: true
      });
    }
    reportUndefinedSymbols();
    removeRunDependency("loadDylibs");
  }, "loadDylibs");
  var noExitRuntime = true;
  function setValue(ptr, value, type = "i8") {
    if (type.endsWith("*")) type = "*";
    switch (type) {
      case "i1":
        HEAP8[ptr] = value;
        break;
      case "i8":
        HEAP8[ptr] = value;
        break;
      case "i16":
        LE_HEAP_STORE_I16((ptr >> 1) * 2, value);
        break;
      case "i32":
        LE_HEAP_STORE_I32((ptr >> 2) * 4, value);
        break;
      case "i64":
        LE_HEAP_STORE_I64((ptr >> 3) * 8, BigInt(value));
        break;
      case "float":
        LE_HEAP_STORE_F32((ptr >> 2) * 4, value);
        break;
      case "double":
        LE_HEAP_STORE_F64((ptr >> 3) * 8, value);
        break;
      case "*":
        LE_HEAP_STORE_U32((ptr >> 2) * 4, value);
        break;
      default:
        abort(`invalid type for setValue: ${type}`);
    }
  }
  __name(setValue, "setValue");
  var ___memory_base = new WebAssembly.Global({
    "value": "i32",
    "mutable": false
  }, 1024);
  var ___stack_high = 78240;
  var ___stack_low = 12704;
  var ___stack_pointer = new WebAssembly.Global({
    "value": "i32",
    "mutable": true
  }, 78240);
  var ___table_base = new WebAssembly.Global({
    "value": "i32",
    "mutable": false
  }, 1);
  var __abort_js = /* @__PURE__ */ __name(() => abort(""), "__abort_js");
  __abort_js.sig = "v";
  var getHeapMax = /* @__PURE__ */ __name(() => (
    // Stay one Wasm page short of 4GB: while e.g. Chrome is able to allocate
    // full 4GB Wasm memories, the size will wrap back to 0 bytes in Wasm side
    // for any code that deals with heap sizes, which would require special
    // casing all heap size related code to treat 0 specially.
    2147483648
  ), "getHeapMax");
  var growMemory = /* @__PURE__ */ __name((size) => {
    var oldHeapSize = wasmMemory.buffer.byteLength;
    var pages = (size - oldHeapSize + 65535) / 65536 | 0;
    try {
      wasmMemory.grow(pages);
      updateMemoryViews();
      return 1;
    } catch (e) {
    }
  }, "growMemory");
  var _emscripten_resize_heap = /* @__PURE__ */ __name((requestedSize) => {
    var oldSize = HEAPU8.length;
    requestedSize >>>= 0;
    var maxHeapSize = getHeapMax();
    if (requestedSize > maxHeapSize) {
      return false;
    }
    for (var cutDown = 1; cutDown <= 4; cutDown *= 2) {
      var overGrownHeapSize = oldSize * (1 + 0.2 / cutDown);
      overGrownHeapSize = Math.min(overGrownHeapSize, requestedSize + 100663296);
      var newSize = Math.min(maxHeapSize, alignMemory(Math.max(requestedSize, overGrownHeapSize), 65536));
      var replacement = growMemory(newSize);
      if (replacement) {
        return true;
      }
    }
    return false;
  }, "_emscripten_resize_heap");
  _emscripten_resize_heap.sig = "ip";
  var _fd_close = /* @__PURE__ */ __name((fd) => 52, "_fd_close");
  _fd_close.sig = "ii";
  var INT53_MAX = 9007199254740992;
  var INT53_MIN = -9007199254740992;
  var bigintToI53Checked = /* @__PURE__ */ __name((num) => num < INT53_MIN || num > INT53_MAX ? NaN : Number(num), "bigintToI53Checked");
  function _fd_seek(fd, offset, whence, newOffset) {
    offset = bigintToI53Checked(offset);
    return 70;
  }
  __name(_fd_seek, "_fd_seek");
  _fd_seek.sig = "iijip";
  var printCharBuffers = [null, [], []];
  var printChar = /* @__PURE__ */ __name((stream, curr) => {
    var buffer = printCharBuffers[stream];
    if (curr === 0 || curr === 10) {
      (stream === 1 ? out : err)(UTF8ArrayToString(buffer));
      buffer.length = 0;
    } else {
      buffer.push(curr);
    }
  }, "printChar");
  var _fd_write = /* @__PURE__ */ __name((fd, iov, iovcnt, pnum) => {
    var num = 0;
    for (var i2 = 0; i2 < iovcnt; i2++) {
      var ptr = LE_HEAP_LOAD_U32((iov >> 2) * 4);
      var len = LE_HEAP_LOAD_U32((iov + 4 >> 2) * 4);
      iov += 8;
      for (var j = 0; j < len; j++) {
        printChar(fd, HEAPU8[ptr + j]);
      }
      num += len;
    }
    LE_HEAP_STORE_U32((pnum >> 2) * 4, num);
    return 0;
  }, "_fd_write");
  _fd_write.sig = "iippp";
  function _tree_sitter_log_callback(isLexMessage, messageAddress) {
    if (Module.currentLogCallback) {
      const message = UTF8ToString(messageAddress);
      Module.currentLogCallback(message, isLexMessage !== 0);
    }
  }
  __name(_tree_sitter_log_callback, "_tree_sitter_log_callback");
  function _tree_sitter_parse_callback(inputBufferAddress, index, row, column, lengthAddress) {
    const INPUT_BUFFER_SIZE = 10 * 1024;
    const string = Module.currentParseCallback(index, {
      row,
      column
    });
    if (typeof string === "string") {
      setValue(lengthAddress, string.length, "i32");
      stringToUTF16(string, inputBufferAddress, INPUT_BUFFER_SIZE);
    } else {
      setValue(lengthAddress, 0, "i32");
    }
  }
  __name(_tree_sitter_parse_callback, "_tree_sitter_parse_callback");
  function _tree_sitter_progress_callback(currentOffset, hasError2) {
    if (Module.currentProgressCallback) {
      return Module.currentProgressCallback({
        currentOffset,
        hasError: hasError2
      });
    }
    return false;
  }
  __name(_tree_sitter_progress_callback, "_tree_sitter_progress_callback");
  function _tree_sitter_query_progress_callback(currentOffset) {
    if (Module.currentQueryProgressCallback) {
      return Module.currentQueryProgressCallback({
        currentOffset
      });
    }
    return false;
  }
  __name(_tree_sitter_query_progress_callback, "_tree_sitter_query_progress_callback");
  var runtimeKeepaliveCounter = 0;
  var keepRuntimeAlive = /* @__PURE__ */ __name(() => noExitRuntime || runtimeKeepaliveCounter > 0, "keepRuntimeAlive");
  var _proc_exit = /* @__PURE__ */ __name((code) => {
    EXITSTATUS = code;
    if (!keepRuntimeAlive()) {
      Module["onExit"]?.(code);
      ABORT = true;
    }
    quit_(code, new ExitStatus(code));
  }, "_proc_exit");
  _proc_exit.sig = "vi";
  var exitJS = /* @__PURE__ */ __name((status, implicit) => {
    EXITSTATUS = status;
    _proc_exit(status);
  }, "exitJS");
  var handleException = /* @__PURE__ */ __name((e) => {
    if (e instanceof ExitStatus || e == "unwind") {
      return EXITSTATUS;
    }
    quit_(1, e);
  }, "handleException");
  var lengthBytesUTF8 = /* @__PURE__ */ __name((str) => {
    var len = 0;
    for (var i2 = 0; i2 < str.length; ++i2) {
      var c = str.charCodeAt(i2);
      if (c <= 127) {
        len++;
      } else if (c <= 2047) {
        len += 2;
      } else if (c >= 55296 && c <= 57343) {
        len += 4;
        ++i2;
      } else {
        len += 3;
      }
    }
    return len;
  }, "lengthBytesUTF8");
  var stringToUTF8Array = /* @__PURE__ */ __name((str, heap, outIdx, maxBytesToWrite) => {
    if (!(maxBytesToWrite > 0)) return 0;
    var startIdx = outIdx;
    var endIdx = outIdx + maxBytesToWrite - 1;
    for (var i2 = 0; i2 < str.length; ++i2) {
      var u = str.codePointAt(i2);
      if (u <= 127) {
        if (outIdx >= endIdx) break;
        heap[outIdx++] = u;
      } else if (u <= 2047) {
        if (outIdx + 1 >= endIdx) break;
        heap[outIdx++] = 192 | u >> 6;
        heap[outIdx++] = 128 | u & 63;
      } else if (u <= 65535) {
        if (outIdx + 2 >= endIdx) break;
        heap[outIdx++] = 224 | u >> 12;
        heap[outIdx++] = 128 | u >> 6 & 63;
        heap[outIdx++] = 128 | u & 63;
      } else {
        if (outIdx + 3 >= endIdx) break;
        heap[outIdx++] = 240 | u >> 18;
        heap[outIdx++] = 128 | u >> 12 & 63;
        heap[outIdx++] = 128 | u >> 6 & 63;
        heap[outIdx++] = 128 | u & 63;
        i2++;
      }
    }
    heap[outIdx] = 0;
    return outIdx - startIdx;
  }, "stringToUTF8Array");
  var stringToUTF8 = /* @__PURE__ */ __name((str, outPtr, maxBytesToWrite) => stringToUTF8Array(str, HEAPU8, outPtr, maxBytesToWrite), "stringToUTF8");
  var stackAlloc = /* @__PURE__ */ __name((sz) => __emscripten_stack_alloc(sz), "stackAlloc");
  var stringToUTF8OnStack = /* @__PURE__ */ __name((str) => {
    var size = lengthBytesUTF8(str) + 1;
    var ret = stackAlloc(size);
    stringToUTF8(str, ret, size);
    return ret;
  }, "stringToUTF8OnStack");
  var AsciiToString = /* @__PURE__ */ __name((ptr) => {
    var str = "";
    while (1) {
      var ch = HEAPU8[ptr++];
      if (!ch) return str;
      str += String.fromCharCode(ch);
    }
  }, "AsciiToString");
  var stringToUTF16 = /* @__PURE__ */ __name((str, outPtr, maxBytesToWrite) => {
    maxBytesToWrite ??= 2147483647;
    if (maxBytesToWrite < 2) return 0;
    maxBytesToWrite -= 2;
    var startPtr = outPtr;
    var numCharsToWrite = maxBytesToWrite < str.length * 2 ? maxBytesToWrite / 2 : str.length;
    for (var i2 = 0; i2 < numCharsToWrite; ++i2) {
      var codeUnit = str.charCodeAt(i2);
      LE_HEAP_STORE_I16((outPtr >> 1) * 2, codeUnit);
      outPtr += 2;
    }
    LE_HEAP_STORE_I16((outPtr >> 1) * 2, 0);
    return outPtr - startPtr;
  }, "stringToUTF16");
  LE_ATOMICS_NATIVE_BYTE_ORDER = new Int8Array(new Int16Array([1]).buffer)[0] === 1 ? [
    /* little endian */
    ((x) => x),
    ((x) => x),
    void 0,
    ((x) => x)
  ] : [
    /* big endian */
    ((x) => x),
    ((x) => ((x & 65280) << 8 | (x & 255) << 24) >> 16),
    void 0,
    ((x) => x >> 24 & 255 | x >> 8 & 65280 | (x & 65280) << 8 | (x & 255) << 24)
  ];
  function LE_HEAP_UPDATE() {
    HEAPU16.unsigned = ((x) => x & 65535);
    HEAPU32.unsigned = ((x) => x >>> 0);
  }
  __name(LE_HEAP_UPDATE, "LE_HEAP_UPDATE");
  {
    initMemory();
    if (Module["noExitRuntime"]) noExitRuntime = Module["noExitRuntime"];
    if (Module["print"]) out = Module["print"];
    if (Module["printErr"]) err = Module["printErr"];
    if (Module["dynamicLibraries"]) dynamicLibraries = Module["dynamicLibraries"];
    if (Module["wasmBinary"]) wasmBinary = Module["wasmBinary"];
    if (Module["arguments"]) arguments_ = Module["arguments"];
    if (Module["thisProgram"]) thisProgram = Module["thisProgram"];
    if (Module["preInit"]) {
      if (typeof Module["preInit"] == "function") Module["preInit"] = [Module["preInit"]];
      while (Module["preInit"].length > 0) {
        Module["preInit"].shift()();
      }
    }
  }
  Module["setValue"] = setValue;
  Module["getValue"] = getValue;
  Module["UTF8ToString"] = UTF8ToString;
  Module["stringToUTF8"] = stringToUTF8;
  Module["lengthBytesUTF8"] = lengthBytesUTF8;
  Module["AsciiToString"] = AsciiToString;
  Module["stringToUTF16"] = stringToUTF16;
  Module["loadWebAssemblyModule"] = loadWebAssemblyModule;
  Module["LE_HEAP_STORE_I64"] = LE_HEAP_STORE_I64;
  var ASM_CONSTS = {};
  var _malloc, _calloc, _realloc, _free, _ts_range_edit, _memcmp, _ts_language_symbol_count, _ts_language_state_count, _ts_language_abi_version, _ts_language_name, _ts_language_field_count, _ts_language_next_state, _ts_language_symbol_name, _ts_language_symbol_for_name, _strncmp, _ts_language_symbol_type, _ts_language_field_name_for_id, _ts_lookahead_iterator_new, _ts_lookahead_iterator_delete, _ts_lookahead_iterator_reset_state, _ts_lookahead_iterator_reset, _ts_lookahead_iterator_next, _ts_lookahead_iterator_current_symbol, _ts_point_edit, _ts_parser_delete, _ts_parser_reset, _ts_parser_set_language, _ts_parser_set_included_ranges, _ts_query_new, _ts_query_delete, _iswspace, _iswalnum, _ts_query_pattern_count, _ts_query_capture_count, _ts_query_string_count, _ts_query_capture_name_for_id, _ts_query_capture_quantifier_for_id, _ts_query_string_value_for_id, _ts_query_predicates_for_pattern, _ts_query_start_byte_for_pattern, _ts_query_end_byte_for_pattern, _ts_query_is_pattern_rooted, _ts_query_is_pattern_non_local, _ts_query_is_pattern_guaranteed_at_step, _ts_query_disable_capture, _ts_query_disable_pattern, _ts_tree_copy, _ts_tree_delete, _ts_init, _ts_parser_new_wasm, _ts_parser_enable_logger_wasm, _ts_parser_parse_wasm, _ts_parser_included_ranges_wasm, _ts_language_type_is_named_wasm, _ts_language_type_is_visible_wasm, _ts_language_metadata_wasm, _ts_language_supertypes_wasm, _ts_language_subtypes_wasm, _ts_tree_root_node_wasm, _ts_tree_root_node_with_offset_wasm, _ts_tree_edit_wasm, _ts_tree_included_ranges_wasm, _ts_tree_get_changed_ranges_wasm, _ts_tree_cursor_new_wasm, _ts_tree_cursor_copy_wasm, _ts_tree_cursor_delete_wasm, _ts_tree_cursor_reset_wasm, _ts_tree_cursor_reset_to_wasm, _ts_tree_cursor_goto_first_child_wasm, _ts_tree_cursor_goto_last_child_wasm, _ts_tree_cursor_goto_first_child_for_index_wasm, _ts_tree_cursor_goto_first_child_for_position_wasm, _ts_tree_cursor_goto_next_sibling_wasm, _ts_tree_cursor_goto_previous_sibling_wasm, _ts_tree_cursor_goto_descendant_wasm, _ts_tree_cursor_goto_parent_wasm, _ts_tree_cursor_current_node_type_id_wasm, _ts_tree_cursor_current_node_state_id_wasm, _ts_tree_cursor_current_node_is_named_wasm, _ts_tree_cursor_current_node_is_missing_wasm, _ts_tree_cursor_current_node_id_wasm, _ts_tree_cursor_start_position_wasm, _ts_tree_cursor_end_position_wasm, _ts_tree_cursor_start_index_wasm, _ts_tree_cursor_end_index_wasm, _ts_tree_cursor_current_field_id_wasm, _ts_tree_cursor_current_depth_wasm, _ts_tree_cursor_current_descendant_index_wasm, _ts_tree_cursor_current_node_wasm, _ts_node_symbol_wasm, _ts_node_field_name_for_child_wasm, _ts_node_field_name_for_named_child_wasm, _ts_node_children_by_field_id_wasm, _ts_node_first_child_for_byte_wasm, _ts_node_first_named_child_for_byte_wasm, _ts_node_grammar_symbol_wasm, _ts_node_child_count_wasm, _ts_node_named_child_count_wasm, _ts_node_child_wasm, _ts_node_named_child_wasm, _ts_node_child_by_field_id_wasm, _ts_node_next_sibling_wasm, _ts_node_prev_sibling_wasm, _ts_node_next_named_sibling_wasm, _ts_node_prev_named_sibling_wasm, _ts_node_descendant_count_wasm, _ts_node_parent_wasm, _ts_node_child_with_descendant_wasm, _ts_node_descendant_for_index_wasm, _ts_node_named_descendant_for_index_wasm, _ts_node_descendant_for_position_wasm, _ts_node_named_descendant_for_position_wasm, _ts_node_start_point_wasm, _ts_node_end_point_wasm, _ts_node_start_index_wasm, _ts_node_end_index_wasm, _ts_node_to_string_wasm, _ts_node_children_wasm, _ts_node_named_children_wasm, _ts_node_descendants_of_type_wasm, _ts_node_is_named_wasm, _ts_node_has_changes_wasm, _ts_node_has_error_wasm, _ts_node_is_error_wasm, _ts_node_is_missing_wasm, _ts_node_is_extra_wasm, _ts_node_parse_state_wasm, _ts_node_next_parse_state_wasm, _ts_query_matches_wasm, _ts_query_captures_wasm, _memset, _memcpy, _memmove, _iswalpha, _iswblank, _iswdigit, _iswlower, _iswupper, _iswxdigit, _memchr, _strlen, _strcmp, _strncat, _strncpy, _towlower, _towupper, _setThrew, __emscripten_stack_restore, __emscripten_stack_alloc, _emscripten_stack_get_current, ___wasm_apply_data_relocs;
  function assignWasmExports(wasmExports2) {
    Module["_malloc"] = _malloc = wasmExports2["malloc"];
    Module["_calloc"] = _calloc = wasmExports2["calloc"];
    Module["_realloc"] = _realloc = wasmExports2["realloc"];
    Module["_free"] = _free = wasmExports2["free"];
    Module["_ts_range_edit"] = _ts_range_edit = wasmExports2["ts_range_edit"];
    Module["_memcmp"] = _memcmp = wasmExports2["memcmp"];
    Module["_ts_language_symbol_count"] = _ts_language_symbol_count = wasmExports2["ts_language_symbol_count"];
    Module["_ts_language_state_count"] = _ts_language_state_count = wasmExports2["ts_language_state_count"];
    Module["_ts_language_abi_version"] = _ts_language_abi_version = wasmExports2["ts_language_abi_version"];
    Module["_ts_language_name"] = _ts_language_name = wasmExports2["ts_language_name"];
    Module["_ts_language_field_count"] = _ts_language_field_count = wasmExports2["ts_language_field_count"];
    Module["_ts_language_next_state"] = _ts_language_next_state = wasmExports2["ts_language_next_state"];
    Module["_ts_language_symbol_name"] = _ts_language_symbol_name = wasmExports2["ts_language_symbol_name"];
    Module["_ts_language_symbol_for_name"] = _ts_language_symbol_for_name = wasmExports2["ts_language_symbol_for_name"];
    Module["_strncmp"] = _strncmp = wasmExports2["strncmp"];
    Module["_ts_language_symbol_type"] = _ts_language_symbol_type = wasmExports2["ts_language_symbol_type"];
    Module["_ts_language_field_name_for_id"] = _ts_language_field_name_for_id = wasmExports2["ts_language_field_name_for_id"];
    Module["_ts_lookahead_iterator_new"] = _ts_lookahead_iterator_new = wasmExports2["ts_lookahead_iterator_new"];
    Module["_ts_lookahead_iterator_delete"] = _ts_lookahead_iterator_delete = wasmExports2["ts_lookahead_iterator_delete"];
    Module["_ts_lookahead_iterator_reset_state"] = _ts_lookahead_iterator_reset_state = wasmExports2["ts_lookahead_iterator_reset_state"];
    Module["_ts_lookahead_iterator_reset"] = _ts_lookahead_iterator_reset = wasmExports2["ts_lookahead_iterator_reset"];
    Module["_ts_lookahead_iterator_next"] = _ts_lookahead_iterator_next = wasmExports2["ts_lookahead_iterator_next"];
    Module["_ts_lookahead_iterator_current_symbol"] = _ts_lookahead_iterator_current_symbol = wasmExports2["ts_lookahead_iterator_current_symbol"];
    Module["_ts_point_edit"] = _ts_point_edit = wasmExports2["ts_point_edit"];
    Module["_ts_parser_delete"] = _ts_parser_delete = wasmExports2["ts_parser_delete"];
    Module["_ts_parser_reset"] = _ts_parser_reset = wasmExports2["ts_parser_reset"];
    Module["_ts_parser_set_language"] = _ts_parser_set_language = wasmExports2["ts_parser_set_language"];
    Module["_ts_parser_set_included_ranges"] = _ts_parser_set_included_ranges = wasmExports2["ts_parser_set_included_ranges"];
    Module["_ts_query_new"] = _ts_query_new = wasmExports2["ts_query_new"];
    Module["_ts_query_delete"] = _ts_query_delete = wasmExports2["ts_query_delete"];
    Module["_iswspace"] = _iswspace = wasmExports2["iswspace"];
    Module["_iswalnum"] = _iswalnum = wasmExports2["iswalnum"];
    Module["_ts_query_pattern_count"] = _ts_query_pattern_count = wasmExports2["ts_query_pattern_count"];
    Module["_ts_query_capture_count"] = _ts_query_capture_count = wasmExports2["ts_query_capture_count"];
    Module["_ts_query_string_count"] = _ts_query_string_count = wasmExports2["ts_query_string_count"];
    Module["_ts_query_capture_name_for_id"] = _ts_query_capture_name_for_id = wasmExports2["ts_query_capture_name_for_id"];
    Module["_ts_query_capture_quantifier_for_id"] = _ts_query_capture_quantifier_for_id = wasmExports2["ts_query_capture_quantifier_for_id"];
    Module["_ts_query_string_value_for_id"] = _ts_query_string_value_for_id = wasmExports2["ts_query_string_value_for_id"];
    Module["_ts_query_predicates_for_pattern"] = _ts_query_predicates_for_pattern = wasmExports2["ts_query_predicates_for_pattern"];
    Module["_ts_query_start_byte_for_pattern"] = _ts_query_start_byte_for_pattern = wasmExports2["ts_query_start_byte_for_pattern"];
    Module["_ts_query_end_byte_for_pattern"] = _ts_query_end_byte_for_pattern = wasmExports2["ts_query_end_byte_for_pattern"];
    Module["_ts_query_is_pattern_rooted"] = _ts_query_is_pattern_rooted = wasmExports2["ts_query_is_pattern_rooted"];
    Module["_ts_query_is_pattern_non_local"] = _ts_query_is_pattern_non_local = wasmExports2["ts_query_is_pattern_non_local"];
    Module["_ts_query_is_pattern_guaranteed_at_step"] = _ts_query_is_pattern_guaranteed_at_step = wasmExports2["ts_query_is_pattern_guaranteed_at_step"];
    Module["_ts_query_disable_capture"] = _ts_query_disable_capture = wasmExports2["ts_query_disable_capture"];
    Module["_ts_query_disable_pattern"] = _ts_query_disable_pattern = wasmExports2["ts_query_disable_pattern"];
    Module["_ts_tree_copy"] = _ts_tree_copy = wasmExports2["ts_tree_copy"];
    Module["_ts_tree_delete"] = _ts_tree_delete = wasmExports2["ts_tree_delete"];
    Module["_ts_init"] = _ts_init = wasmExports2["ts_init"];
    Module["_ts_parser_new_wasm"] = _ts_parser_new_wasm = wasmExports2["ts_parser_new_wasm"];
    Module["_ts_parser_enable_logger_wasm"] = _ts_parser_enable_logger_wasm = wasmExports2["ts_parser_enable_logger_wasm"];
    Module["_ts_parser_parse_wasm"] = _ts_parser_parse_wasm = wasmExports2["ts_parser_parse_wasm"];
    Module["_ts_parser_included_ranges_wasm"] = _ts_parser_included_ranges_wasm = wasmExports2["ts_parser_included_ranges_wasm"];
    Module["_ts_language_type_is_named_wasm"] = _ts_language_type_is_named_wasm = wasmExports2["ts_language_type_is_named_wasm"];
    Module["_ts_language_type_is_visible_wasm"] = _ts_language_type_is_visible_wasm = wasmExports2["ts_language_type_is_visible_wasm"];
    Module["_ts_language_metadata_wasm"] = _ts_language_metadata_wasm = wasmExports2["ts_language_metadata_wasm"];
    Module["_ts_language_supertypes_wasm"] = _ts_language_supertypes_wasm = wasmExports2["ts_language_supertypes_wasm"];
    Module["_ts_language_subtypes_wasm"] = _ts_language_subtypes_wasm = wasmExports2["ts_language_subtypes_wasm"];
    Module["_ts_tree_root_node_wasm"] = _ts_tree_root_node_wasm = wasmExports2["ts_tree_root_node_wasm"];
    Module["_ts_tree_root_node_with_offset_wasm"] = _ts_tree_root_node_with_offset_wasm = wasmExports2["ts_tree_root_node_with_offset_wasm"];
    Module["_ts_tree_edit_wasm"] = _ts_tree_edit_wasm = wasmExports2["ts_tree_edit_wasm"];
    Module["_ts_tree_included_ranges_wasm"] = _ts_tree_included_ranges_wasm = wasmExports2["ts_tree_included_ranges_wasm"];
    Module["_ts_tree_get_changed_ranges_wasm"] = _ts_tree_get_changed_ranges_wasm = wasmExports2["ts_tree_get_changed_ranges_wasm"];
    Module["_ts_tree_cursor_new_wasm"] = _ts_tree_cursor_new_wasm = wasmExports2["ts_tree_cursor_new_wasm"];
    Module["_ts_tree_cursor_copy_wasm"] = _ts_tree_cursor_copy_wasm = wasmExports2["ts_tree_cursor_copy_wasm"];
    Module["_ts_tree_cursor_delete_wasm"] = _ts_tree_cursor_delete_wasm = wasmExports2["ts_tree_cursor_delete_wasm"];
    Module["_ts_tree_cursor_reset_wasm"] = _ts_tree_cursor_reset_wasm = wasmExports2["ts_tree_cursor_reset_wasm"];
    Module["_ts_tree_cursor_reset_to_wasm"] = _ts_tree_cursor_reset_to_wasm = wasmExports2["ts_tree_cursor_reset_to_wasm"];
    Module["_ts_tree_cursor_goto_first_child_wasm"] = _ts_tree_cursor_goto_first_child_wasm = wasmExports2["ts_tree_cursor_goto_first_child_wasm"];
    Module["_ts_tree_cursor_goto_last_child_wasm"] = _ts_tree_cursor_goto_last_child_wasm = wasmExports2["ts_tree_cursor_goto_last_child_wasm"];
    Module["_ts_tree_cursor_goto_first_child_for_index_wasm"] = _ts_tree_cursor_goto_first_child_for_index_wasm = wasmExports2["ts_tree_cursor_goto_first_child_for_index_wasm"];
    Module["_ts_tree_cursor_goto_first_child_for_position_wasm"] = _ts_tree_cursor_goto_first_child_for_position_wasm = wasmExports2["ts_tree_cursor_goto_first_child_for_position_wasm"];
    Module["_ts_tree_cursor_goto_next_sibling_wasm"] = _ts_tree_cursor_goto_next_sibling_wasm = wasmExports2["ts_tree_cursor_goto_next_sibling_wasm"];
    Module["_ts_tree_cursor_goto_previous_sibling_wasm"] = _ts_tree_cursor_goto_previous_sibling_wasm = wasmExports2["ts_tree_cursor_goto_previous_sibling_wasm"];
    Module["_ts_tree_cursor_goto_descendant_wasm"] = _ts_tree_cursor_goto_descendant_wasm = wasmExports2["ts_tree_cursor_goto_descendant_wasm"];
    Module["_ts_tree_cursor_goto_parent_wasm"] = _ts_tree_cursor_goto_parent_wasm = wasmExports2["ts_tree_cursor_goto_parent_wasm"];
    Module["_ts_tree_cursor_current_node_type_id_wasm"] = _ts_tree_cursor_current_node_type_id_wasm = wasmExports2["ts_tree_cursor_current_node_type_id_wasm"];
    Module["_ts_tree_cursor_current_node_state_id_wasm"] = _ts_tree_cursor_current_node_state_id_wasm = wasmExports2["ts_tree_cursor_current_node_state_id_wasm"];
    Module["_ts_tree_cursor_current_node_is_named_wasm"] = _ts_tree_cursor_current_node_is_named_wasm = wasmExports2["ts_tree_cursor_current_node_is_named_wasm"];
    Module["_ts_tree_cursor_current_node_is_missing_wasm"] = _ts_tree_cursor_current_node_is_missing_wasm = wasmExports2["ts_tree_cursor_current_node_is_missing_wasm"];
    Module["_ts_tree_cursor_current_node_id_wasm"] = _ts_tree_cursor_current_node_id_wasm = wasmExports2["ts_tree_cursor_current_node_id_wasm"];
    Module["_ts_tree_cursor_start_position_wasm"] = _ts_tree_cursor_start_position_wasm = wasmExports2["ts_tree_cursor_start_position_wasm"];
    Module["_ts_tree_cursor_end_position_wasm"] = _ts_tree_cursor_end_position_wasm = wasmExports2["ts_tree_cursor_end_position_wasm"];
    Module["_ts_tree_cursor_start_index_wasm"] = _ts_tree_cursor_start_index_wasm = wasmExports2["ts_tree_cursor_start_index_wasm"];
    Module["_ts_tree_cursor_end_index_wasm"] = _ts_tree_cursor_end_index_wasm = wasmExports2["ts_tree_cursor_end_index_wasm"];
    Module["_ts_tree_cursor_current_field_id_wasm"] = _ts_tree_cursor_current_field_id_wasm = wasmExports2["ts_tree_cursor_current_field_id_wasm"];
    Module["_ts_tree_cursor_current_depth_wasm"] = _ts_tree_cursor_current_depth_wasm = wasmExports2["ts_tree_cursor_current_depth_wasm"];
    Module["_ts_tree_cursor_current_descendant_index_wasm"] = _ts_tree_cursor_current_descendant_index_wasm = wasmExports2["ts_tree_cursor_current_descendant_index_wasm"];
    Module["_ts_tree_cursor_current_node_wasm"] = _ts_tree_cursor_current_node_wasm = wasmExports2["ts_tree_cursor_current_node_wasm"];
    Module["_ts_node_symbol_wasm"] = _ts_node_symbol_wasm = wasmExports2["ts_node_symbol_wasm"];
    Module["_ts_node_field_name_for_child_wasm"] = _ts_node_field_name_for_child_wasm = wasmExports2["ts_node_field_name_for_child_wasm"];
    Module["_ts_node_field_name_for_named_child_wasm"] = _ts_node_field_name_for_named_child_wasm = wasmExports2["ts_node_field_name_for_named_child_wasm"];
    Module["_ts_node_children_by_field_id_wasm"] = _ts_node_children_by_field_id_wasm = wasmExports2["ts_node_children_by_field_id_wasm"];
    Module["_ts_node_first_child_for_byte_wasm"] = _ts_node_first_child_for_byte_wasm = wasmExports2["ts_node_first_child_for_byte_wasm"];
    Module["_ts_node_first_named_child_for_byte_wasm"] = _ts_node_first_named_child_for_byte_wasm = wasmExports2["ts_node_first_named_child_for_byte_wasm"];
    Module["_ts_node_grammar_symbol_wasm"] = _ts_node_grammar_symbol_wasm = wasmExports2["ts_node_grammar_symbol_wasm"];
    Module["_ts_node_child_count_wasm"] = _ts_node_child_count_wasm = wasmExports2["ts_node_child_count_wasm"];
    Module["_ts_node_named_child_count_wasm"] = _ts_node_named_child_count_wasm = wasmExports2["ts_node_named_child_count_wasm"];
    Module["_ts_node_child_wasm"] = _ts_node_child_wasm = wasmExports2["ts_node_child_wasm"];
    Module["_ts_node_named_child_wasm"] = _ts_node_named_child_wasm = wasmExports2["ts_node_named_child_wasm"];
    Module["_ts_node_child_by_field_id_wasm"] = _ts_node_child_by_field_id_wasm = wasmExports2["ts_node_child_by_field_id_wasm"];
    Module["_ts_node_next_sibling_wasm"] = _ts_node_next_sibling_wasm = wasmExports2["ts_node_next_sibling_wasm"];
    Module["_ts_node_prev_sibling_wasm"] = _ts_node_prev_sibling_wasm = wasmExports2["ts_node_prev_sibling_wasm"];
    Module["_ts_node_next_named_sibling_wasm"] = _ts_node_next_named_sibling_wasm = wasmExports2["ts_node_next_named_sibling_wasm"];
    Module["_ts_node_prev_named_sibling_wasm"] = _ts_node_prev_named_sibling_wasm = wasmExports2["ts_node_prev_named_sibling_wasm"];
    Module["_ts_node_descendant_count_wasm"] = _ts_node_descendant_count_wasm = wasmExports2["ts_node_descendant_count_wasm"];
    Module["_ts_node_parent_wasm"] = _ts_node_parent_wasm = wasmExports2["ts_node_parent_wasm"];
    Module["_ts_node_child_with_descendant_wasm"] = _ts_node_child_with_descendant_wasm = wasmExports2["ts_node_child_with_descendant_wasm"];
    Module["_ts_node_descendant_for_index_wasm"] = _ts_node_descendant_for_index_wasm = wasmExports2["ts_node_descendant_for_index_wasm"];
    Module["_ts_node_named_descendant_for_index_wasm"] = _ts_node_named_descendant_for_index_wasm = wasmExports2["ts_node_named_descendant_for_index_wasm"];
    Module["_ts_node_descendant_for_position_wasm"] = _ts_node_descendant_for_position_wasm = wasmExports2["ts_node_descendant_for_position_wasm"];
    Module["_ts_node_named_descendant_for_position_wasm"] = _ts_node_named_descendant_for_position_wasm = wasmExports2["ts_node_named_descendant_for_position_wasm"];
    Module["_ts_node_start_point_wasm"] = _ts_node_start_point_wasm = wasmExports2["ts_node_start_point_wasm"];
    Module["_ts_node_end_point_wasm"] = _ts_node_end_point_wasm = wasmExports2["ts_node_end_point_wasm"];
    Module["_ts_node_start_index_wasm"] = _ts_node_start_index_wasm = wasmExports2["ts_node_start_index_wasm"];
    Module["_ts_node_end_index_wasm"] = _ts_node_end_index_wasm = wasmExports2["ts_node_end_index_wasm"];
    Module["_ts_node_to_string_wasm"] = _ts_node_to_string_wasm = wasmExports2["ts_node_to_string_wasm"];
    Module["_ts_node_children_wasm"] = _ts_node_children_wasm = wasmExports2["ts_node_children_wasm"];
    Module["_ts_node_named_children_wasm"] = _ts_node_named_children_wasm = wasmExports2["ts_node_named_children_wasm"];
    Module["_ts_node_descendants_of_type_wasm"] = _ts_node_descendants_of_type_wasm = wasmExports2["ts_node_descendants_of_type_wasm"];
    Module["_ts_node_is_named_wasm"] = _ts_node_is_named_wasm = wasmExports2["ts_node_is_named_wasm"];
    Module["_ts_node_has_changes_wasm"] = _ts_node_has_changes_wasm = wasmExports2["ts_node_has_changes_wasm"];
    Module["_ts_node_has_error_wasm"] = _ts_node_has_error_wasm = wasmExports2["ts_node_has_error_wasm"];
    Module["_ts_node_is_error_wasm"] = _ts_node_is_error_wasm = wasmExports2["ts_node_is_error_wasm"];
    Module["_ts_node_is_missing_wasm"] = _ts_node_is_missing_wasm = wasmExports2["ts_node_is_missing_wasm"];
    Module["_ts_node_is_extra_wasm"] = _ts_node_is_extra_wasm = wasmExports2["ts_node_is_extra_wasm"];
    Module["_ts_node_parse_state_wasm"] = _ts_node_parse_state_wasm = wasmExports2["ts_node_parse_state_wasm"];
    Module["_ts_node_next_parse_state_wasm"] = _ts_node_next_parse_state_wasm = wasmExports2["ts_node_next_parse_state_wasm"];
    Module["_ts_query_matches_wasm"] = _ts_query_matches_wasm = wasmExports2["ts_query_matches_wasm"];
    Module["_ts_query_captures_wasm"] = _ts_query_captures_wasm = wasmExports2["ts_query_captures_wasm"];
    Module["_memset"] = _memset = wasmExports2["memset"];
    Module["_memcpy"] = _memcpy = wasmExports2["memcpy"];
    Module["_memmove"] = _memmove = wasmExports2["memmove"];
    Module["_iswalpha"] = _iswalpha = wasmExports2["iswalpha"];
    Module["_iswblank"] = _iswblank = wasmExports2["iswblank"];
    Module["_iswdigit"] = _iswdigit = wasmExports2["iswdigit"];
    Module["_iswlower"] = _iswlower = wasmExports2["iswlower"];
    Module["_iswupper"] = _iswupper = wasmExports2["iswupper"];
    Module["_iswxdigit"] = _iswxdigit = wasmExports2["iswxdigit"];
    Module["_memchr"] = _memchr = wasmExports2["memchr"];
    Module["_strlen"] = _strlen = wasmExports2["strlen"];
    Module["_strcmp"] = _strcmp = wasmExports2["strcmp"];
    Module["_strncat"] = _strncat = wasmExports2["strncat"];
    Module["_strncpy"] = _strncpy = wasmExports2["strncpy"];
    Module["_towlower"] = _towlower = wasmExports2["towlower"];
    Module["_towupper"] = _towupper = wasmExports2["towupper"];
    _setThrew = wasmExports2["setThrew"];
    __emscripten_stack_restore = wasmExports2["_emscripten_stack_restore"];
    __emscripten_stack_alloc = wasmExports2["_emscripten_stack_alloc"];
    _emscripten_stack_get_current = wasmExports2["emscripten_stack_get_current"];
    ___wasm_apply_data_relocs = wasmExports2["__wasm_apply_data_relocs"];
  }
  __name(assignWasmExports, "assignWasmExports");
  var wasmImports = {
    /** @export */
    __heap_base: ___heap_base,
    /** @export */
    __indirect_function_table: wasmTable,
    /** @export */
    __memory_base: ___memory_base,
    /** @export */
    __stack_high: ___stack_high,
    /** @export */
    __stack_low: ___stack_low,
    /** @export */
    __stack_pointer: ___stack_pointer,
    /** @export */
    __table_base: ___table_base,
    /** @export */
    _abort_js: __abort_js,
    /** @export */
    emscripten_resize_heap: _emscripten_resize_heap,
    /** @export */
    fd_close: _fd_close,
    /** @export */
    fd_seek: _fd_seek,
    /** @export */
    fd_write: _fd_write,
    /** @export */
    memory: wasmMemory,
    /** @export */
    tree_sitter_log_callback: _tree_sitter_log_callback,
    /** @export */
    tree_sitter_parse_callback: _tree_sitter_parse_callback,
    /** @export */
    tree_sitter_progress_callback: _tree_sitter_progress_callback,
    /** @export */
    tree_sitter_query_progress_callback: _tree_sitter_query_progress_callback
  };
  function callMain(args2 = []) {
    var entryFunction = resolveGlobalSymbol("main").sym;
    if (!entryFunction) return;
    args2.unshift(thisProgram);
    var argc = args2.length;
    var argv = stackAlloc((argc + 1) * 4);
    var argv_ptr = argv;
    args2.forEach((arg) => {
      LE_HEAP_STORE_U32((argv_ptr >> 2) * 4, stringToUTF8OnStack(arg));
      argv_ptr += 4;
    });
    LE_HEAP_STORE_U32((argv_ptr >> 2) * 4, 0);
    try {
      var ret = entryFunction(argc, argv);
      exitJS(
        ret,
        /* implicit = */
        true
      );
      return ret;
    } catch (e) {
      return handleException(e);
    }
  }
  __name(callMain, "callMain");
  function run(args2 = arguments_) {
    if (runDependencies > 0) {
      dependenciesFulfilled = run;
      return;
    }
    preRun();
    if (runDependencies > 0) {
      dependenciesFulfilled = run;
      return;
    }
    function doRun() {
      Module["calledRun"] = true;
      if (ABORT) return;
      initRuntime();
      preMain();
      readyPromiseResolve?.(Module);
      Module["onRuntimeInitialized"]?.();
      var noInitialRun = Module["noInitialRun"] || false;
      if (!noInitialRun) callMain(args2);
      postRun();
    }
    __name(doRun, "doRun");
    if (Module["setStatus"]) {
      Module["setStatus"]("Running...");
      setTimeout(() => {
        setTimeout(() => Module["setStatus"](""), 1);
        doRun();
      }, 1);
    } else {
      doRun();
    }
  }
  __name(run, "run");
  var wasmExports;
  wasmExports = await createWasm();
  run();
  if (runtimeInitialized) {
    moduleRtn = Module;
  } else {
    moduleRtn = new Promise((resolve, reject) => {
      readyPromiseResolve = resolve;
      readyPromiseReject = reject;
    });
  }
  return moduleRtn;
}
__name(Module2, "Module");
var web_tree_sitter_default = Module2;
var Module3 = null;
async function initializeBinding(moduleOptions) {
  return Module3 ??= await web_tree_sitter_default(moduleOptions);
}
__name(initializeBinding, "initializeBinding");
function checkModule() {
  return !!Module3;
}
__name(checkModule, "checkModule");
var TRANSFER_BUFFER;
var LANGUAGE_VERSION;
var MIN_COMPATIBLE_VERSION;
var Parser = class {
  static {
    __name(this, "Parser");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  [1] = 0;
  // Internal handle for Wasm
  /** @internal */
  logCallback = null;
  /** The parser's current language. */
  language = null;
  /**
   * This must always be called before creating a Parser.
   *
   * You can optionally pass in options to configure the Wasm module, the most common
   * one being `locateFile` to help the module find the `.wasm` file.
   */
  static async init(moduleOptions) {
    setModule(await initializeBinding(moduleOptions));
    TRANSFER_BUFFER = C._ts_init();
    LANGUAGE_VERSION = C.getValue(TRANSFER_BUFFER, "i32");
    MIN_COMPATIBLE_VERSION = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
  }
  /**
   * Create a new parser.
   */
  constructor() {
    this.initialize();
  }
  /** @internal */
  initialize() {
    if (!checkModule()) {
      throw new Error("cannot construct a Parser before calling `init()`");
    }
    C._ts_parser_new_wasm();
    this[0] = C.getValue(TRANSFER_BUFFER, "i32");
    this[1] = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
  }
  /** Delete the parser, freeing its resources. */
  delete() {
    C._ts_parser_delete(this[0]);
    C._free(this[1]);
    this[0] = 0;
    this[1] = 0;
  }
  /**
   * Set the language that the parser should use for parsing.
   *
   * If the language was not successfully assigned, an error will be thrown.
   * This happens if the language was generated with an incompatible
   * version of the Tree-sitter CLI. Check the language's version using
   * {@link Language#version} and compare it to this library's
   * {@link LANGUAGE_VERSION} and {@link MIN_COMPATIBLE_VERSION} constants.
   */
  setLanguage(language) {
    let address;
    if (!language) {
      address = 0;
      this.language = null;
    } else if (language.constructor === Language) {
      address = language[0];
      const version = C._ts_language_abi_version(address);
      if (version < MIN_COMPATIBLE_VERSION || LANGUAGE_VERSION < version) {
        throw new Error(
          `Incompatible language version ${version}. Compatibility range ${MIN_COMPATIBLE_VERSION} through ${LANGUAGE_VERSION}.`
        );
      }
      this.language = language;
    } else {
      throw new Error("Argument must be a Language");
    }
    C._ts_parser_set_language(this[0], address);
    return this;
  }
  /**
   * Parse a slice of UTF8 text.
   *
   * @param {string | ParseCallback} callback - The UTF8-encoded text to parse or a callback function.
   *
   * @param {Tree | null} [oldTree] - A previous syntax tree parsed from the same document. If the text of the
   *   document has changed since `oldTree` was created, then you must edit `oldTree` to match
   *   the new text using {@link Tree#edit}.
   *
   * @param {ParseOptions} [options] - Options for parsing the text.
   *  This can be used to set the included ranges, or a progress callback.
   *
   * @returns {Tree | null} A {@link Tree} if parsing succeeded, or `null` if:
   *  - The parser has not yet had a language assigned with {@link Parser#setLanguage}.
   *  - The progress callback returned true.
   */
  parse(callback, oldTree, options) {
    if (typeof callback === "string") {
      C.currentParseCallback = (index) => callback.slice(index);
    } else if (typeof callback === "function") {
      C.currentParseCallback = callback;
    } else {
      throw new Error("Argument must be a string or a function");
    }
    if (options?.progressCallback) {
      C.currentProgressCallback = options.progressCallback;
    } else {
      C.currentProgressCallback = null;
    }
    if (this.logCallback) {
      C.currentLogCallback = this.logCallback;
      C._ts_parser_enable_logger_wasm(this[0], 1);
    } else {
      C.currentLogCallback = null;
      C._ts_parser_enable_logger_wasm(this[0], 0);
    }
    let rangeCount = 0;
    let rangeAddress = 0;
    if (options?.includedRanges) {
      rangeCount = options.includedRanges.length;
      rangeAddress = C._calloc(rangeCount, SIZE_OF_RANGE);
      let address = rangeAddress;
      for (let i2 = 0; i2 < rangeCount; i2++) {
        marshalRange(address, options.includedRanges[i2]);
        address += SIZE_OF_RANGE;
      }
    }
    const treeAddress = C._ts_parser_parse_wasm(
      this[0],
      this[1],
      oldTree ? oldTree[0] : 0,
      rangeAddress,
      rangeCount
    );
    if (!treeAddress) {
      C.currentParseCallback = null;
      C.currentLogCallback = null;
      C.currentProgressCallback = null;
      return null;
    }
    if (!this.language) {
      throw new Error("Parser must have a language to parse");
    }
    const result = new Tree(INTERNAL, treeAddress, this.language, C.currentParseCallback);
    C.currentParseCallback = null;
    C.currentLogCallback = null;
    C.currentProgressCallback = null;
    return result;
  }
  /**
   * Instruct the parser to start the next parse from the beginning.
   *
   * If the parser previously failed because of a callback, 
   * then by default, it will resume where it left off on the
   * next call to {@link Parser#parse} or other parsing functions.
   * If you don't want to resume, and instead intend to use this parser to
   * parse some other document, you must call `reset` first.
   */
  reset() {
    C._ts_parser_reset(this[0]);
  }
  /** Get the ranges of text that the parser will include when parsing. */
  getIncludedRanges() {
    C._ts_parser_included_ranges_wasm(this[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalRange(address);
        address += SIZE_OF_RANGE;
      }
      C._free(buffer);
    }
    return result;
  }
  /** Set the logging callback that a parser should use during parsing. */
  setLogger(callback) {
    if (!callback) {
      this.logCallback = null;
    } else if (typeof callback !== "function") {
      throw new Error("Logger callback must be a function");
    } else {
      this.logCallback = callback;
    }
    return this;
  }
  /** Get the parser's current logger. */
  getLogger() {
    return this.logCallback;
  }
};
var PREDICATE_STEP_TYPE_CAPTURE = 1;
var PREDICATE_STEP_TYPE_STRING = 2;
var QUERY_WORD_REGEX = /[\w-]+/g;
var CaptureQuantifier = {
  Zero: 0,
  ZeroOrOne: 1,
  ZeroOrMore: 2,
  One: 3,
  OneOrMore: 4
};
var isCaptureStep = /* @__PURE__ */ __name((step) => step.type === "capture", "isCaptureStep");
var isStringStep = /* @__PURE__ */ __name((step) => step.type === "string", "isStringStep");
var QueryErrorKind = {
  Syntax: 1,
  NodeName: 2,
  FieldName: 3,
  CaptureName: 4,
  PatternStructure: 5
};
var QueryError = class _QueryError extends Error {
  constructor(kind, info2, index, length) {
    super(_QueryError.formatMessage(kind, info2));
    this.kind = kind;
    this.info = info2;
    this.index = index;
    this.length = length;
    this.name = "QueryError";
  }
  static {
    __name(this, "QueryError");
  }
  /** Formats an error message based on the error kind and info */
  static formatMessage(kind, info2) {
    switch (kind) {
      case QueryErrorKind.NodeName:
        return `Bad node name '${info2.word}'`;
      case QueryErrorKind.FieldName:
        return `Bad field name '${info2.word}'`;
      case QueryErrorKind.CaptureName:
        return `Bad capture name @${info2.word}`;
      case QueryErrorKind.PatternStructure:
        return `Bad pattern structure at offset ${info2.suffix}`;
      case QueryErrorKind.Syntax:
        return `Bad syntax at offset ${info2.suffix}`;
    }
  }
};
function parseAnyPredicate(steps, index, operator, textPredicates) {
  if (steps.length !== 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 2, got ${steps.length - 1}`
    );
  }
  if (!isCaptureStep(steps[1])) {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}"`
    );
  }
  const isPositive = operator === "eq?" || operator === "any-eq?";
  const matchAll = !operator.startsWith("any-");
  if (isCaptureStep(steps[2])) {
    const captureName1 = steps[1].name;
    const captureName2 = steps[2].name;
    textPredicates[index].push((captures) => {
      const nodes1 = [];
      const nodes2 = [];
      for (const c of captures) {
        if (c.name === captureName1) nodes1.push(c.node);
        if (c.name === captureName2) nodes2.push(c.node);
      }
      const compare = /* @__PURE__ */ __name((n1, n2, positive) => {
        return positive ? n1.text === n2.text : n1.text !== n2.text;
      }, "compare");
      return matchAll ? nodes1.every((n1) => nodes2.some((n2) => compare(n1, n2, isPositive))) : nodes1.some((n1) => nodes2.some((n2) => compare(n1, n2, isPositive)));
    });
  } else {
    const captureName = steps[1].name;
    const stringValue = steps[2].value;
    const matches = /* @__PURE__ */ __name((n) => n.text === stringValue, "matches");
    const doesNotMatch = /* @__PURE__ */ __name((n) => n.text !== stringValue, "doesNotMatch");
    textPredicates[index].push((captures) => {
      const nodes = [];
      for (const c of captures) {
        if (c.name === captureName) nodes.push(c.node);
      }
      const test = isPositive ? matches : doesNotMatch;
      return matchAll ? nodes.every(test) : nodes.some(test);
    });
  }
}
__name(parseAnyPredicate, "parseAnyPredicate");
function parseMatchPredicate(steps, index, operator, textPredicates) {
  if (steps.length !== 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 2, got ${steps.length - 1}.`
    );
  }
  if (steps[1].type !== "capture") {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}".`
    );
  }
  if (steps[2].type !== "string") {
    throw new Error(
      `Second argument of \`#${operator}\` predicate must be a string. Got @${steps[2].name}.`
    );
  }
  const isPositive = operator === "match?" || operator === "any-match?";
  const matchAll = !operator.startsWith("any-");
  const captureName = steps[1].name;
  const regex = new RegExp(steps[2].value);
  textPredicates[index].push((captures) => {
    const nodes = [];
    for (const c of captures) {
      if (c.name === captureName) nodes.push(c.node.text);
    }
    const test = /* @__PURE__ */ __name((text, positive) => {
      return positive ? regex.test(text) : !regex.test(text);
    }, "test");
    if (nodes.length === 0) return !isPositive;
    return matchAll ? nodes.every((text) => test(text, isPositive)) : nodes.some((text) => test(text, isPositive));
  });
}
__name(parseMatchPredicate, "parseMatchPredicate");
function parseAnyOfPredicate(steps, index, operator, textPredicates) {
  if (steps.length < 2) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected at least 1. Got ${steps.length - 1}.`
    );
  }
  if (steps[1].type !== "capture") {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}".`
    );
  }
  const isPositive = operator === "any-of?";
  const captureName = steps[1].name;
  const stringSteps = steps.slice(2);
  if (!stringSteps.every(isStringStep)) {
    throw new Error(
      `Arguments to \`#${operator}\` predicate must be strings.".`
    );
  }
  const values2 = stringSteps.map((s) => s.value);
  textPredicates[index].push((captures) => {
    const nodes = [];
    for (const c of captures) {
      if (c.name === captureName) nodes.push(c.node.text);
    }
    if (nodes.length === 0) return !isPositive;
    return nodes.every((text) => values2.includes(text)) === isPositive;
  });
}
__name(parseAnyOfPredicate, "parseAnyOfPredicate");
function parseIsPredicate(steps, index, operator, assertedProperties, refutedProperties) {
  if (steps.length < 2 || steps.length > 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 1 or 2. Got ${steps.length - 1}.`
    );
  }
  if (!steps.every(isStringStep)) {
    throw new Error(
      `Arguments to \`#${operator}\` predicate must be strings.".`
    );
  }
  const properties = operator === "is?" ? assertedProperties : refutedProperties;
  if (!properties[index]) properties[index] = {};
  properties[index][steps[1].value] = steps[2]?.value ?? null;
}
__name(parseIsPredicate, "parseIsPredicate");
function parseSetDirective(steps, index, setProperties) {
  if (steps.length < 2 || steps.length > 3) {
    throw new Error(`Wrong number of arguments to \`#set!\` predicate. Expected 1 or 2. Got ${steps.length - 1}.`);
  }
  if (!steps.every(isStringStep)) {
    throw new Error(`Arguments to \`#set!\` predicate must be strings.".`);
  }
  if (!setProperties[index]) setProperties[index] = {};
  setProperties[index][steps[1].value] = steps[2]?.value ?? null;
}
__name(parseSetDirective, "parseSetDirective");
function parsePattern2(index, stepType, stepValueId, captureNames, stringValues, steps, textPredicates, predicates, setProperties, assertedProperties, refutedProperties) {
  if (stepType === PREDICATE_STEP_TYPE_CAPTURE) {
    const name2 = captureNames[stepValueId];
    steps.push({ type: "capture", name: name2 });
  } else if (stepType === PREDICATE_STEP_TYPE_STRING) {
    steps.push({ type: "string", value: stringValues[stepValueId] });
  } else if (steps.length > 0) {
    if (steps[0].type !== "string") {
      throw new Error("Predicates must begin with a literal value");
    }
    const operator = steps[0].value;
    switch (operator) {
      case "any-not-eq?":
      case "not-eq?":
      case "any-eq?":
      case "eq?":
        parseAnyPredicate(steps, index, operator, textPredicates);
        break;
      case "any-not-match?":
      case "not-match?":
      case "any-match?":
      case "match?":
        parseMatchPredicate(steps, index, operator, textPredicates);
        break;
      case "not-any-of?":
      case "any-of?":
        parseAnyOfPredicate(steps, index, operator, textPredicates);
        break;
      case "is?":
      case "is-not?":
        parseIsPredicate(steps, index, operator, assertedProperties, refutedProperties);
        break;
      case "set!":
        parseSetDirective(steps, index, setProperties);
        break;
      default:
        predicates[index].push({ operator, operands: steps.slice(1) });
    }
    steps.length = 0;
  }
}
__name(parsePattern2, "parsePattern");
var Query = class {
  static {
    __name(this, "Query");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  exceededMatchLimit;
  /** @internal */
  textPredicates;
  /** The names of the captures used in the query. */
  captureNames;
  /** The quantifiers of the captures used in the query. */
  captureQuantifiers;
  /**
   * The other user-defined predicates associated with the given index.
   *
   * This includes predicates with operators other than:
   * - `match?`
   * - `eq?` and `not-eq?`
   * - `any-of?` and `not-any-of?`
   * - `is?` and `is-not?`
   * - `set!`
   */
  predicates;
  /** The properties for predicates with the operator `set!`. */
  setProperties;
  /** The properties for predicates with the operator `is?`. */
  assertedProperties;
  /** The properties for predicates with the operator `is-not?`. */
  refutedProperties;
  /** The maximum number of in-progress matches for this cursor. */
  matchLimit;
  /**
   * Create a new query from a string containing one or more S-expression
   * patterns.
   *
   * The query is associated with a particular language, and can only be run
   * on syntax nodes parsed with that language. References to Queries can be
   * shared between multiple threads.
   *
   * @link {@see https://tree-sitter.github.io/tree-sitter/using-parsers/queries}
   */
  constructor(language, source2) {
    const sourceLength = C.lengthBytesUTF8(source2);
    const sourceAddress = C._malloc(sourceLength + 1);
    C.stringToUTF8(source2, sourceAddress, sourceLength + 1);
    const address = C._ts_query_new(
      language[0],
      sourceAddress,
      sourceLength,
      TRANSFER_BUFFER,
      TRANSFER_BUFFER + SIZE_OF_INT
    );
    if (!address) {
      const errorId = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      const errorByte = C.getValue(TRANSFER_BUFFER, "i32");
      const errorIndex = C.UTF8ToString(sourceAddress, errorByte).length;
      const suffix = source2.slice(errorIndex, errorIndex + 100).split("\n")[0];
      const word = suffix.match(QUERY_WORD_REGEX)?.[0] ?? "";
      C._free(sourceAddress);
      switch (errorId) {
        case QueryErrorKind.Syntax:
          throw new QueryError(QueryErrorKind.Syntax, { suffix: `${errorIndex}: '${suffix}'...` }, errorIndex, 0);
        case QueryErrorKind.NodeName:
          throw new QueryError(errorId, { word }, errorIndex, word.length);
        case QueryErrorKind.FieldName:
          throw new QueryError(errorId, { word }, errorIndex, word.length);
        case QueryErrorKind.CaptureName:
          throw new QueryError(errorId, { word }, errorIndex, word.length);
        case QueryErrorKind.PatternStructure:
          throw new QueryError(errorId, { suffix: `${errorIndex}: '${suffix}'...` }, errorIndex, 0);
      }
    }
    const stringCount = C._ts_query_string_count(address);
    const captureCount = C._ts_query_capture_count(address);
    const patternCount = C._ts_query_pattern_count(address);
    const captureNames = new Array(captureCount);
    const captureQuantifiers = new Array(patternCount);
    const stringValues = new Array(stringCount);
    for (let i2 = 0; i2 < captureCount; i2++) {
      const nameAddress = C._ts_query_capture_name_for_id(
        address,
        i2,
        TRANSFER_BUFFER
      );
      const nameLength = C.getValue(TRANSFER_BUFFER, "i32");
      captureNames[i2] = C.UTF8ToString(nameAddress, nameLength);
    }
    for (let i2 = 0; i2 < patternCount; i2++) {
      const captureQuantifiersArray = new Array(captureCount);
      for (let j = 0; j < captureCount; j++) {
        const quantifier = C._ts_query_capture_quantifier_for_id(address, i2, j);
        captureQuantifiersArray[j] = quantifier;
      }
      captureQuantifiers[i2] = captureQuantifiersArray;
    }
    for (let i2 = 0; i2 < stringCount; i2++) {
      const valueAddress = C._ts_query_string_value_for_id(
        address,
        i2,
        TRANSFER_BUFFER
      );
      const nameLength = C.getValue(TRANSFER_BUFFER, "i32");
      stringValues[i2] = C.UTF8ToString(valueAddress, nameLength);
    }
    const setProperties = new Array(patternCount);
    const assertedProperties = new Array(patternCount);
    const refutedProperties = new Array(patternCount);
    const predicates = new Array(patternCount);
    const textPredicates = new Array(patternCount);
    for (let i2 = 0; i2 < patternCount; i2++) {
      const predicatesAddress = C._ts_query_predicates_for_pattern(address, i2, TRANSFER_BUFFER);
      const stepCount = C.getValue(TRANSFER_BUFFER, "i32");
      predicates[i2] = [];
      textPredicates[i2] = [];
      const steps = new Array();
      let stepAddress = predicatesAddress;
      for (let j = 0; j < stepCount; j++) {
        const stepType = C.getValue(stepAddress, "i32");
        stepAddress += SIZE_OF_INT;
        const stepValueId = C.getValue(stepAddress, "i32");
        stepAddress += SIZE_OF_INT;
        parsePattern2(
          i2,
          stepType,
          stepValueId,
          captureNames,
          stringValues,
          steps,
          textPredicates,
          predicates,
          setProperties,
          assertedProperties,
          refutedProperties
        );
      }
      Object.freeze(textPredicates[i2]);
      Object.freeze(predicates[i2]);
      Object.freeze(setProperties[i2]);
      Object.freeze(assertedProperties[i2]);
      Object.freeze(refutedProperties[i2]);
    }
    C._free(sourceAddress);
    this[0] = address;
    this.captureNames = captureNames;
    this.captureQuantifiers = captureQuantifiers;
    this.textPredicates = textPredicates;
    this.predicates = predicates;
    this.setProperties = setProperties;
    this.assertedProperties = assertedProperties;
    this.refutedProperties = refutedProperties;
    this.exceededMatchLimit = false;
  }
  /** Delete the query, freeing its resources. */
  delete() {
    C._ts_query_delete(this[0]);
    this[0] = 0;
  }
  /**
   * Iterate over all of the matches in the order that they were found.
   *
   * Each match contains the index of the pattern that matched, and a list of
   * captures. Because multiple patterns can match the same set of nodes,
   * one match may contain captures that appear *before* some of the
   * captures from a previous match.
   *
   * @param {Node} node - The node to execute the query on.
   *
   * @param {QueryOptions} options - Options for query execution.
   */
  matches(node, options = {}) {
    const startPosition = options.startPosition ?? ZERO_POINT;
    const endPosition = options.endPosition ?? ZERO_POINT;
    const startIndex = options.startIndex ?? 0;
    const endIndex = options.endIndex ?? 0;
    const startContainingPosition = options.startContainingPosition ?? ZERO_POINT;
    const endContainingPosition = options.endContainingPosition ?? ZERO_POINT;
    const startContainingIndex = options.startContainingIndex ?? 0;
    const endContainingIndex = options.endContainingIndex ?? 0;
    const matchLimit = options.matchLimit ?? 4294967295;
    const maxStartDepth = options.maxStartDepth ?? 4294967295;
    const progressCallback = options.progressCallback;
    if (typeof matchLimit !== "number") {
      throw new Error("Arguments must be numbers");
    }
    this.matchLimit = matchLimit;
    if (endIndex !== 0 && startIndex > endIndex) {
      throw new Error("`startIndex` cannot be greater than `endIndex`");
    }
    if (endPosition !== ZERO_POINT && (startPosition.row > endPosition.row || startPosition.row === endPosition.row && startPosition.column > endPosition.column)) {
      throw new Error("`startPosition` cannot be greater than `endPosition`");
    }
    if (endContainingIndex !== 0 && startContainingIndex > endContainingIndex) {
      throw new Error("`startContainingIndex` cannot be greater than `endContainingIndex`");
    }
    if (endContainingPosition !== ZERO_POINT && (startContainingPosition.row > endContainingPosition.row || startContainingPosition.row === endContainingPosition.row && startContainingPosition.column > endContainingPosition.column)) {
      throw new Error("`startContainingPosition` cannot be greater than `endContainingPosition`");
    }
    if (progressCallback) {
      C.currentQueryProgressCallback = progressCallback;
    }
    marshalNode(node);
    C._ts_query_matches_wasm(
      this[0],
      node.tree[0],
      startPosition.row,
      startPosition.column,
      endPosition.row,
      endPosition.column,
      startIndex,
      endIndex,
      startContainingPosition.row,
      startContainingPosition.column,
      endContainingPosition.row,
      endContainingPosition.column,
      startContainingIndex,
      endContainingIndex,
      matchLimit,
      maxStartDepth
    );
    const rawCount = C.getValue(TRANSFER_BUFFER, "i32");
    const startAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const didExceedMatchLimit = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
    const result = new Array(rawCount);
    this.exceededMatchLimit = Boolean(didExceedMatchLimit);
    let filteredCount = 0;
    let address = startAddress;
    for (let i2 = 0; i2 < rawCount; i2++) {
      const patternIndex = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captureCount = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captures = new Array(captureCount);
      address = unmarshalCaptures(this, node.tree, address, patternIndex, captures);
      if (this.textPredicates[patternIndex].every((p) => p(captures))) {
        result[filteredCount] = { patternIndex, captures };
        const setProperties = this.setProperties[patternIndex];
        result[filteredCount].setProperties = setProperties;
        const assertedProperties = this.assertedProperties[patternIndex];
        result[filteredCount].assertedProperties = assertedProperties;
        const refutedProperties = this.refutedProperties[patternIndex];
        result[filteredCount].refutedProperties = refutedProperties;
        filteredCount++;
      }
    }
    result.length = filteredCount;
    C._free(startAddress);
    C.currentQueryProgressCallback = null;
    return result;
  }
  /**
   * Iterate over all of the individual captures in the order that they
   * appear.
   *
   * This is useful if you don't care about which pattern matched, and just
   * want a single, ordered sequence of captures.
   *
   * @param {Node} node - The node to execute the query on.
   *
   * @param {QueryOptions} options - Options for query execution.
   */
  captures(node, options = {}) {
    const startPosition = options.startPosition ?? ZERO_POINT;
    const endPosition = options.endPosition ?? ZERO_POINT;
    const startIndex = options.startIndex ?? 0;
    const endIndex = options.endIndex ?? 0;
    const startContainingPosition = options.startContainingPosition ?? ZERO_POINT;
    const endContainingPosition = options.endContainingPosition ?? ZERO_POINT;
    const startContainingIndex = options.startContainingIndex ?? 0;
    const endContainingIndex = options.endContainingIndex ?? 0;
    const matchLimit = options.matchLimit ?? 4294967295;
    const maxStartDepth = options.maxStartDepth ?? 4294967295;
    const progressCallback = options.progressCallback;
    if (typeof matchLimit !== "number") {
      throw new Error("Arguments must be numbers");
    }
    this.matchLimit = matchLimit;
    if (endIndex !== 0 && startIndex > endIndex) {
      throw new Error("`startIndex` cannot be greater than `endIndex`");
    }
    if (endPosition !== ZERO_POINT && (startPosition.row > endPosition.row || startPosition.row === endPosition.row && startPosition.column > endPosition.column)) {
      throw new Error("`startPosition` cannot be greater than `endPosition`");
    }
    if (endContainingIndex !== 0 && startContainingIndex > endContainingIndex) {
      throw new Error("`startContainingIndex` cannot be greater than `endContainingIndex`");
    }
    if (endContainingPosition !== ZERO_POINT && (startContainingPosition.row > endContainingPosition.row || startContainingPosition.row === endContainingPosition.row && startContainingPosition.column > endContainingPosition.column)) {
      throw new Error("`startContainingPosition` cannot be greater than `endContainingPosition`");
    }
    if (progressCallback) {
      C.currentQueryProgressCallback = progressCallback;
    }
    marshalNode(node);
    C._ts_query_captures_wasm(
      this[0],
      node.tree[0],
      startPosition.row,
      startPosition.column,
      endPosition.row,
      endPosition.column,
      startIndex,
      endIndex,
      startContainingPosition.row,
      startContainingPosition.column,
      endContainingPosition.row,
      endContainingPosition.column,
      startContainingIndex,
      endContainingIndex,
      matchLimit,
      maxStartDepth
    );
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const startAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const didExceedMatchLimit = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
    const result = new Array();
    this.exceededMatchLimit = Boolean(didExceedMatchLimit);
    const captures = new Array();
    let address = startAddress;
    for (let i2 = 0; i2 < count; i2++) {
      const patternIndex = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captureCount = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captureIndex = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      captures.length = captureCount;
      address = unmarshalCaptures(this, node.tree, address, patternIndex, captures);
      if (this.textPredicates[patternIndex].every((p) => p(captures))) {
        const capture = captures[captureIndex];
        const setProperties = this.setProperties[patternIndex];
        capture.setProperties = setProperties;
        const assertedProperties = this.assertedProperties[patternIndex];
        capture.assertedProperties = assertedProperties;
        const refutedProperties = this.refutedProperties[patternIndex];
        capture.refutedProperties = refutedProperties;
        result.push(capture);
      }
    }
    C._free(startAddress);
    C.currentQueryProgressCallback = null;
    return result;
  }
  /** Get the predicates for a given pattern. */
  predicatesForPattern(patternIndex) {
    return this.predicates[patternIndex];
  }
  /**
   * Disable a certain capture within a query.
   *
   * This prevents the capture from being returned in matches, and also
   * avoids any resource usage associated with recording the capture.
   */
  disableCapture(captureName) {
    const captureNameLength = C.lengthBytesUTF8(captureName);
    const captureNameAddress = C._malloc(captureNameLength + 1);
    C.stringToUTF8(captureName, captureNameAddress, captureNameLength + 1);
    C._ts_query_disable_capture(this[0], captureNameAddress, captureNameLength);
    C._free(captureNameAddress);
  }
  /**
   * Disable a certain pattern within a query.
   *
   * This prevents the pattern from matching, and also avoids any resource
   * usage associated with the pattern. This throws an error if the pattern
   * index is out of bounds.
   */
  disablePattern(patternIndex) {
    if (patternIndex >= this.predicates.length) {
      throw new Error(
        `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
      );
    }
    C._ts_query_disable_pattern(this[0], patternIndex);
  }
  /**
   * Check if, on its last execution, this cursor exceeded its maximum number
   * of in-progress matches.
   */
  didExceedMatchLimit() {
    return this.exceededMatchLimit;
  }
  /** Get the byte offset where the given pattern starts in the query's source. */
  startIndexForPattern(patternIndex) {
    if (patternIndex >= this.predicates.length) {
      throw new Error(
        `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
      );
    }
    return C._ts_query_start_byte_for_pattern(this[0], patternIndex);
  }
  /** Get the byte offset where the given pattern ends in the query's source. */
  endIndexForPattern(patternIndex) {
    if (patternIndex >= this.predicates.length) {
      throw new Error(
        `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
      );
    }
    return C._ts_query_end_byte_for_pattern(this[0], patternIndex);
  }
  /** Get the number of patterns in the query. */
  patternCount() {
    return C._ts_query_pattern_count(this[0]);
  }
  /** Get the index for a given capture name. */
  captureIndexForName(captureName) {
    return this.captureNames.indexOf(captureName);
  }
  /** Check if a given pattern within a query has a single root node. */
  isPatternRooted(patternIndex) {
    return C._ts_query_is_pattern_rooted(this[0], patternIndex) === 1;
  }
  /** Check if a given pattern within a query has a single root node. */
  isPatternNonLocal(patternIndex) {
    return C._ts_query_is_pattern_non_local(this[0], patternIndex) === 1;
  }
  /**
   * Check if a given step in a query is 'definite'.
   *
   * A query step is 'definite' if its parent pattern will be guaranteed to
   * match successfully once it reaches the step.
   */
  isPatternGuaranteedAtStep(byteIndex) {
    return C._ts_query_is_pattern_guaranteed_at_step(this[0], byteIndex) === 1;
  }
};

// packages/mcp/src/gate/shell/parser.ts
var WASM_FILES = { runtime: "web-tree-sitter.wasm", bash: "tree-sitter-bash.wasm" };
function wasmBytes(name2, pkgPath) {
  for (const rel of [`./wasm/${name2}`, `../wasm/${name2}`]) {
    try {
      return readFileSync(new URL(rel, import.meta.url));
    } catch {
    }
  }
  return readFileSync(createRequire(import.meta.url).resolve(pkgPath));
}
var loading;
var parser;
async function load() {
  setFlagsFromString("--liftoff-only");
  await Parser.init({ wasmBinary: wasmBytes(WASM_FILES.runtime, "web-tree-sitter/web-tree-sitter.wasm") });
  const bash = await Language.load(wasmBytes(WASM_FILES.bash, "tree-sitter-bash/tree-sitter-bash.wasm"));
  const p = new Parser();
  p.setLanguage(bash);
  return p;
}
async function loadBashParser() {
  loading ??= load();
  parser = await loading;
}
function parseBash(source2) {
  if (parser === void 0) throw new Error("the shell parser is not loaded");
  const tree = parser.parse(source2);
  if (tree === null) throw new Error("the shell parser returned no tree");
  try {
    const cursor = tree.walk();
    const build = () => {
      const n = cursor.currentNode;
      const node = {
        type: n.type,
        named: n.isNamed,
        field: cursor.currentFieldName,
        text: source2.slice(n.startIndex, n.endIndex),
        children: [],
        broken: n.isError || n.isMissing
      };
      if (cursor.gotoFirstChild()) {
        do
          node.children.push(build());
        while (cursor.gotoNextSibling());
        cursor.gotoParent();
      }
      return node;
    };
    const root2 = build();
    cursor.delete();
    return root2;
  } finally {
    tree.delete();
  }
}

// packages/checks/src/glob.ts
var import_picomatch = __toESM(require_picomatch2(), 1);
var LITERAL_GROUP = /(^|[^\\@!?*+])\(([^()|*?[\]{}\\]*)\)/g;
function escapeLiteralParens(glob) {
  return glob.replace(LITERAL_GROUP, (_m, before, inner) => `${before}\\(${inner}\\)`);
}
var COMPILED_MAX = 1024;
var compiled = /* @__PURE__ */ new Map();
function compileGlob(glob, opts = {}) {
  if (glob === "") return () => false;
  const nocase = opts.nocase === true;
  const key = `${nocase ? "i" : "s"}${glob}`;
  let matcher = compiled.get(key);
  if (matcher === void 0) {
    const re = (0, import_picomatch.default)(escapeLiteralParens(glob), { dot: true, nocase });
    matcher = (path5) => re(path5);
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(key, matcher);
  }
  return matcher;
}
function compileGlobs(globs, opts = {}) {
  const matchers = globs.map((g) => compileGlob(g, opts));
  return (path5) => matchers.some((m) => m(path5));
}

// packages/mcp/src/gate/shell/protect.ts
var isWildSegment = (s) => /^[*?]*$/.test(s);
function protectionOf(deny2) {
  const denied = compileGlobs(deny2, { nocase: true });
  const expanded = deny2.flatMap((g) => expandBraces(g));
  const anchored = expanded.filter((g) => !g.startsWith("**")).map(parsePattern);
  const lastSegments = expanded.map(
    (g) => g.split("/").filter((s) => s !== "").at(-1) ?? ""
  ).filter((s) => s !== "" && !isWildSegment(s)).map((s) => parsePattern(s));
  return {
    denied: (rel) => rel !== "" && denied(rel),
    couldName(relPattern) {
      const segs = parsePattern(relPattern);
      if (segs.length === 0) return false;
      return anchored.some((p) => patternsMeet(segs, p));
    },
    area(rel) {
      if (rel === "" || rel === ".") return false;
      if (denied(rel)) return true;
      const segs = parsePattern(`${escapePattern(rel)}/**`);
      return anchored.some((p) => patternsMeet(segs, p));
    },
    fileName(segment) {
      const seg = parsePattern(segment);
      if (seg.length !== 1) return false;
      return lastSegments.some((p) => patternsMeet(seg, p));
    }
  };
}

// packages/mcp/src/gate/shell/judge.ts
var SCRIPT_MAX_BYTES = 256 * 1024;
var DISK_BUDGET = 2e3;
var IS_WIN = process.platform === "win32";
var toPosix = (p) => IS_WIN ? p.replace(/\\/g, "/") : p;
var fold = (p) => IS_WIN ? p.toLowerCase() : p;
function relOf(ctx, p) {
  const rootP = toPosix(ctx.root).replace(/\/$/, "");
  const abs = path4.posix.isAbsolute(p) || /^[A-Za-z]:[\\/]/.test(p) ? p : `${toPosix(ctx.cwd)}/${p}`;
  const n = path4.posix.normalize(abs).replace(/\/$/, "");
  if (fold(n) === fold(rootP)) return "";
  if (!fold(n).startsWith(`${fold(rootP)}/`)) return void 0;
  return n.slice(rootP.length + 1);
}
function readScript(ctx, raw) {
  const rel = relOf(ctx, raw);
  if (rel === void 0 || rel === "") return void 0;
  const file = path4.join(ctx.root, rel);
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.size > SCRIPT_MAX_BYTES) return void 0;
    return readFileSync2(file, "utf8");
  } catch {
    return void 0;
  }
}
function expandOnDisk(root2, relPattern) {
  const segs = relPattern.split("/").filter((s) => s !== "" && s !== ".");
  const out2 = [];
  let budget = DISK_BUDGET;
  const entries = (dir) => {
    try {
      return readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
    } catch {
      return [];
    }
  };
  const walk = (dir, rel, i2) => {
    if (budget <= 0) return;
    if (i2 === segs.length) {
      if (rel !== "") out2.push(rel);
      return;
    }
    const seg = segs[i2];
    const last = i2 === segs.length - 1;
    const join2 = (name2) => rel === "" ? name2 : `${rel}/${name2}`;
    if (seg === "**") {
      walk(dir, rel, i2 + 1);
      for (const e of entries(dir)) {
        if (--budget <= 0) return;
        if (e.dir) walk(path4.join(dir, e.name), join2(e.name), i2);
      }
      return;
    }
    if (!hasGlob(seg)) {
      const name2 = unescapePattern(seg);
      const p = path4.join(dir, name2);
      try {
        const st = lstatSync(p);
        if (last) out2.push(join2(name2));
        else if (st.isDirectory()) walk(p, join2(name2), i2 + 1);
      } catch {
      }
      return;
    }
    for (const e of entries(dir)) {
      if (--budget <= 0) return;
      if (!matchSegment(e.name, seg)) continue;
      if (last) out2.push(join2(e.name));
      else if (e.dir) walk(path4.join(dir, e.name), join2(e.name), i2 + 1);
    }
  };
  walk(root2, "", 0);
  return budget <= 0 ? void 0 : out2;
}
var pureWild = (seg) => /^[*?]*$/.test(seg) || seg === "**";
var TOKEN_SPLIT = /[^\p{L}\p{N}._\-/~@+%]+/u;
function tokenHit(ctx, P, token, cwd) {
  if (token.startsWith("~") || /^\.+$/.test(token)) return void 0;
  const hit = (rel) => rel !== void 0 && rel !== "" && (P.denied(rel) || P.area(rel)) ? rel : void 0;
  if (token.startsWith("/")) return hit(relOf(ctx, token));
  if (cwd !== null) return hit(relOf(ctx, joinCwd(cwd, token)));
  const clean = token.replace(/^\.\//, "");
  const last = clean.split("/").filter((s) => s !== "").at(-1) ?? "";
  if (P.denied(clean) || P.area(clean)) return clean;
  if (last !== "" && P.fileName(escapePattern(last))) return clean;
  return void 0;
}
function mentionHit(ctx, P, text, cwd) {
  for (const raw of text.split(TOKEN_SPLIT)) {
    if (raw.length < 2) continue;
    const candidates2 = [raw];
    if (raw.startsWith("-")) candidates2.push(raw.replace(/^-+[A-Za-z]?/, ""));
    for (const t of candidates2) {
      if (t.length < 2) continue;
      const h = tokenHit(ctx, P, t, cwd);
      if (h !== void 0) return h;
    }
  }
  return void 0;
}
var deny = (message, p) => ({
  code: "path.deny",
  message,
  ...p !== void 0 ? { path: p } : {}
});
function decide(ctx, findings) {
  const P = protectionOf(ctx.deny);
  const targets = [];
  for (const f of findings) {
    switch (f.kind) {
      case "path":
        targets.push({ raw: f.raw, op: f.op });
        break;
      case "rootPath":
        targets.push({ raw: path4.join(ctx.root, f.rel), op: f.op });
        break;
      case "glob": {
        const rel = relOf(ctx, f.pattern);
        if (rel === void 0) {
          targets.push({ raw: unescapePattern(f.pattern), op: f.op });
          break;
        }
        if (P.couldName(rel))
          return { targets, denial: deny(`a glob that could name a denied path (${f.via})`, unescapePattern(rel)) };
        const matches = expandOnDisk(ctx.root, rel);
        if (matches === void 0) {
          const last = rel.split("/").at(-1) ?? "";
          if (!pureWild(last) && P.fileName(last))
            return {
              targets,
              denial: deny(
                `a glob with too many matches to list that could name a denied file (${f.via})`,
                unescapePattern(rel)
              )
            };
          break;
        }
        for (const m of matches) targets.push({ raw: path4.join(ctx.root, m), op: f.op });
        if (matches.length === 0) targets.push({ raw: unescapePattern(f.pattern), op: f.op });
        break;
      }
      case "into": {
        const rel = relOf(ctx, f.dir);
        if (rel === void 0 || rel === "") break;
        if (P.area(rel) || P.denied(`${rel}/x`))
          return { targets, denial: deny(`writes into a protected directory (${f.via})`, rel) };
        break;
      }
      case "loose": {
        const name2 = unescapePattern(f.name);
        const last = f.name.split("/").at(-1) ?? "";
        const glob = hasGlob(f.name);
        if (!pureWild(last) && P.fileName(last) || (glob ? P.couldName(f.name) : P.denied(name2) || P.area(name2)))
          return { targets, denial: deny(`a write from an unknown directory to a protected name (${f.via})`, name2) };
        break;
      }
      case "mention": {
        const h = mentionHit(ctx, P, f.text, f.cwd);
        if (h !== void 0)
          return { targets, denial: deny(`an unresolvable command names a protected path (fail-closed; ${f.via})`, h) };
        break;
      }
      case "area": {
        const rel = relOf(ctx, f.dir);
        if (rel !== void 0 && rel !== "" && P.area(rel))
          return { targets, denial: deny(`an unresolvable command runs in a protected directory (${f.via})`, rel) };
        break;
      }
      case "alias": {
        const rel = relOf(ctx, f.source);
        if (rel !== void 0 && rel !== "" && (P.denied(rel) || P.area(rel)))
          return { targets, denial: deny(`a link to a protected path (${f.via})`, rel) };
        break;
      }
    }
  }
  return { targets };
}
async function judgeShell(command, ctx) {
  await loadBashParser();
  const tree = parseBash(command);
  const analyzer = new Analyzer({ readFile: (raw) => readScript(ctx, raw), parse: parseBash });
  analyzer.run(tree, initialState());
  const findings = [...analyzer.findings];
  if (hasError(tree)) {
    for (const t of scanShell(command)) findings.push({ kind: "path", raw: t.raw, op: t.op, via: "heuristic scan" });
    findings.push({ kind: "mention", text: command, cwd: "", via: "a line the parser could not fully read" });
  }
  const { targets, denial } = decide(ctx, findings);
  const seen = /* @__PURE__ */ new Set();
  const unique = targets.filter((t) => {
    const k = `${t.op}\0${t.raw}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { targets: unique, ...denial ? { denial } : {}, findings };
}

// packages/mcp/src/gate/profile.ts
var GATE_PROTECTED_PATHS = [
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".vscode/settings.json",
  ".vscode/mcp.json",
  ".mcp.json",
  ".cursor/**",
  ".github/hooks/**",
  ".axiom/**"
];
var BUILTIN_GATE_PROFILE = {
  deny: [
    ".git/**",
    ".axiom/**",
    "**/*.lock",
    "pnpm-lock.yaml",
    ".env",
    ".env.*",
    "**/node_modules/**",
    ...GATE_PROTECTED_PATHS.filter((p) => p !== ".axiom/**")
  ],
  noSecrets: true,
  pii: false
};

// ../../../tmp/jt/entry.ts
var root = process.env.ROOT ?? "/tmp/jt/repo";
for (const cmd of process.argv.slice(2)) {
  const t0 = performance.now();
  const j = await judgeShell(cmd, { cwd: root, root, deny: BUILTIN_GATE_PROFILE.deny });
  const ms = (performance.now() - t0).toFixed(1);
  console.log(JSON.stringify(cmd), ms + "ms", j.denial ? `DENY ${j.denial.path} \u2014 ${j.denial.message}` : `targets ${JSON.stringify(j.targets.map((t) => t.op[0] + ":" + t.raw))}`);
  if (process.env.V) console.log("   ", JSON.stringify(j.findings));
}
