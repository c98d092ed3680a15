// cardbase: filter the card index by game, type and language (no data leaves the page).
document$.subscribe(function () {
  var form = document.querySelector(".cb-filter");
  if (!form) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll("table.cb-cards tbody tr"));
  function apply() {
    var want = {};
    form.querySelectorAll("select").forEach(function (s) { want[s.name] = s.value; });
    rows.forEach(function (row) {
      var show = Object.keys(want).every(function (key) {
        if (!want[key]) return true;
        return (" " + row.getAttribute("data-" + key) + " ").indexOf(" " + want[key] + " ") >= 0;
      });
      row.style.display = show ? "" : "none";
    });
  }
  form.addEventListener("change", apply);
  apply();
});
