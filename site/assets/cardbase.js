// cardbase: site-wide scripts (the card list's filter is in cards.js).
(function () {
  "use strict";
  // The theme reads its search box on key events only: text pasted with the mouse, dropped,
  // dictated or filled in by the browser changes the box without one, and the results would
  // stay those of the text before. Any such change is passed on as the key event the theme
  // reads the box on (the same text twice is searched once).
  function searchAgain(event) {
    var box = event.target;
    if (!box || !box.matches || !box.matches("input.md-search__input")) return;
    if (event.type === "input" && event.isComposing) return;  // its end says when it is done
    box.dispatchEvent(new KeyboardEvent("keyup", {bubbles: true}));
  }
  document.addEventListener("input", searchAgain);
  document.addEventListener("compositionend", searchAgain);
})();
