// cardbase: filter the card list by name (in any language, accents ignored), game, type and
// language. The list is complete without this script; the form stays hidden until it runs.
(function () {
  function fold(text) {
    return (text || "").normalize("NFKD").replace(/[\u0300-\u036f\u3099\u309a]/g, "")
      .replace(/[đĐ]/g, "d").replace(/ß/g, "ss").toLowerCase();
  }
  function setUp() {
    var form = document.querySelector("form.cb-filter");
    var list = document.querySelector("ul.cb-cards");
    if (!form || !list || form.getAttribute("data-ready")) return;
    form.setAttribute("data-ready", "1");
    var items = Array.prototype.slice.call(list.children).map(function (li) {
      return {li: li, names: fold(li.getAttribute("data-names"))};
    });
    var count = form.querySelector(".cb-filter-count");
    function apply() {
      var words = fold(form.elements.q.value).split(/\s+/).filter(Boolean);
      var want = {};
      Array.prototype.forEach.call(form.querySelectorAll("select"), function (s) {
        want[s.name] = s.value;
      });
      var shown = 0;
      items.forEach(function (item) {
        var show = words.every(function (w) { return item.names.indexOf(w) >= 0; }) &&
          Object.keys(want).every(function (key) {
            if (!want[key]) return true;
            var have = " " + item.li.getAttribute("data-" + key) + " ";
            return have.indexOf(" " + want[key] + " ") >= 0;
          });
        item.li.hidden = !show;
        if (show) shown++;
      });
      count.textContent = shown ? "" : count.getAttribute("data-none");
    }
    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.hidden = false;
    apply();
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(setUp);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
