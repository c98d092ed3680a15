// cardbase "Can I play this?": walk the checker's decision diagram (exported by the site build
// from the rules themselves) with the form's values and show the answer it leads to. No rule is
// written here: the diagram's leaves are the checker's own answers.
(function () {
  "use strict";
  var form = document.getElementById("cb-check");
  var box = document.getElementById("cb-verdict");
  var wordsElement = document.getElementById("cb-check-words");
  if (!form || !box || !wordsElement) return;
  var words = JSON.parse(wordsElement.textContent);
  var selects = Array.prototype.slice.call(form.querySelectorAll("select"));
  var diagrams = window.cbCheckData || {};

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function games(node) {
    return (node.getAttribute("data-games") || "").split(" ");
  }

  // Show the fields and choices of the chosen game only; a hidden field is left out.
  function fit(game) {
    selects.forEach(function (select) {
      if (select.name === "game") return;
      var field = select.closest(".cb-field");
      var shown = !game ? select.name === "rulebook" || select.name === "action.verb"
        : games(field).indexOf(game) >= 0;
      field.hidden = !shown;
      select.disabled = !shown;
      Array.prototype.forEach.call(select.options, function (option) {
        if (!option.value) return;
        var fits = !game || games(option).indexOf(game) >= 0;
        option.hidden = !fits;
        option.disabled = !fits;
        if (!fits && option.selected) select.value = "";
      });
    });
  }

  function situation() {
    var values = {};
    selects.forEach(function (select) {
      if (!select.disabled && select.value !== "") values[select.name] = select.value;
    });
    return values;
  }

  function share(values) {
    var query = selects.filter(function (s) { return s.name in values; }).map(function (s) {
      return encodeURIComponent(s.name) + "=" + encodeURIComponent(values[s.name]);
    }).join("&");
    var url = location.pathname + (query ? "?" + query : "") + location.hash;
    try { history.replaceState(null, "", url); } catch (e) { /* a file: page may refuse */ }
  }

  function asText(value) {
    return value === null ? null : value === true ? "true" : value === false ? "false"
      : String(value);
  }

  // The answer number the diagram leads to, or -1 when a value is not one it knows.
  function walk(data, values) {
    var roots = data.roots[values.rulebook || ""] || {};
    var n = roots[values["action.verb"]];
    if (n === undefined) return -1;
    while (n >= 0) {
      var node = data.nodes[n];
      var field = data.fields[node[0]];
      var want = field.key in values ? values[field.key] : null;
      var index = field.values.map(asText).indexOf(want);
      if (index < 0) return -1;
      n = node[1][index];
    }
    return -n - 1;
  }

  function cardName() {
    var select = form.querySelector('select[name="action.card"]');
    if (!select || select.disabled || !select.value) return "";
    return select.options[select.selectedIndex].textContent;
  }

  function say(data, text) {
    return String(text).split(data.card_mark).join(cardName());
  }

  function citation(c) {
    var item = el("li", {"class": "cb-citation"});
    item.appendChild(el("q", {lang: c.lang || ""}, c.quote));
    if (c.section) {
      var parts = c.section.split("/");
      var link = el("a", {href: "../rulebooks/" + encodeURIComponent(parts[0]) + "/#" +
                          encodeURIComponent(parts.slice(1).join("/"))});
      link.textContent = (c.heading ? c.heading + " · " : "") +
        (words.rulebooks[c.rulebook] || c.rulebook);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(link);
    }
    return item;
  }

  function show(verdict, word, build) {
    box.setAttribute("data-verdict", verdict);
    box.querySelector(".cb-verdict-word").textContent = word;
    var detail = box.querySelector(".cb-verdict-detail");
    detail.textContent = "";
    if (build) build(detail);
  }

  function render(data, answer) {
    if (answer.problems) {
      show("", words.impossible, function (detail) {
        var list = detail.appendChild(el("ul"));
        answer.problems.forEach(function (p) { list.appendChild(el("li", {}, say(data, p))); });
      });
      return;
    }
    show(answer.verdict, words.verdicts[answer.verdict] || answer.verdict, function (detail) {
      if (!answer.because.length) detail.appendChild(el("p", {}, words.silent));
      if (answer.because.length) {
        detail.appendChild(el("h3", {}, words.because));
        var rules = detail.appendChild(el("ol", {"class": "cb-because"}));
        answer.because.forEach(function (entry) {
          var rule = data.rules[entry.rule];
          var item = rules.appendChild(el("li", {"data-rule": entry.rule,
                                                 "data-rule-verdict": entry.verdict}));
          var head = item.appendChild(el("p"));
          head.appendChild(el("strong", {}, say(data, rule.says)));
          head.appendChild(document.createTextNode(" — " + (words.verdicts[entry.verdict] || "")));
          head.appendChild(el("small", {"class": "cb-rule-id"}, " " + entry.rule));
          if (entry.condition) item.appendChild(el("p", {}, say(data, entry.condition)));
          if (entry.overrides) {
            item.appendChild(el("p", {"class": "cb-set-aside"},
                                words.set_aside + ": " + entry.overrides.join(", ")));
          }
          var quotes = item.appendChild(el("ul", {"class": "cb-citations"}));
          // an answer about one rulebook shows that rulebook's passages only
          rule.citations.forEach(function (c) {
            if (!entry.cited_in || c.rulebook === entry.cited_in) quotes.appendChild(citation(c));
          });
        });
      }
      if (answer.conditions.length) {
        detail.appendChild(el("h3", {}, words.conditions));
        var list = detail.appendChild(el("ul", {"class": "cb-conditions"}));
        answer.conditions.forEach(function (c) { list.appendChild(el("li", {}, say(data, c))); });
      }
      var books = Object.keys(answer.by_rulebook || {});
      var others = Object.keys(answer.other_rulebooks || {});
      if (books.length > 1 || others.length) {
        detail.appendChild(el("h3", {}, books.length > 1 ? words.by_rulebook
                                                          : words.other_rulebooks));
        var table = detail.appendChild(el("ul", {"class": "cb-by-rulebook"}));
        var verdicts = books.length > 1 ? answer.by_rulebook : answer.other_rulebooks;
        Object.keys(verdicts).forEach(function (rb) {
          table.appendChild(el("li", {"data-rulebook": rb, "data-verdict": verdicts[rb]},
                               (words.rulebooks[rb] || rb) + ": " +
                               (words.verdicts[verdicts[rb]] || verdicts[rb])));
        });
      }
    });
  }

  function update() {
    var values = {game: form.elements.game.value};
    fit(values.game);
    values = situation();
    share(values);
    var data = diagrams[values.game];
    if (!data || !values["action.verb"]) {
      show("", words.incomplete);
      return;
    }
    var answer = walk(data, values);
    if (answer < 0) {
      show("", words.incomplete);
      return;
    }
    render(data, data.answers[answer]);
  }

  // A shared address fills the form: each key of its query string is a field's name.
  var params = new URLSearchParams(location.search);
  fit(params.get("game") || "");
  // a card may be named in any of its languages (a card page links with its own name)
  function choose(select, value) {
    select.value = value;
    if (select.value === value) return;
    Array.prototype.some.call(select.options, function (option) {
      var names = (option.getAttribute("data-names") || "").split("|");
      if (names.indexOf(value) >= 0 && !option.disabled) {
        select.value = option.value;
        return true;
      }
      return false;
    });
  }
  selects.forEach(function (select) {
    if (params.has(select.name)) {
      choose(select, params.get(select.name));
      if (select.name === "game") fit(select.value);
    }
  });
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  update();
})();
