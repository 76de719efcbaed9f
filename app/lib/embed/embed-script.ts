// The embeddable join form (/embed.js): plain JavaScript for any website, drawn in a
// Shadow DOM so the host page's styles neither leak in nor out. It asks our server for
// its strings and colour, solves the bot guard's proof of work (PBKDF2 with WebCrypto,
// as ALTCHA's widget does) and posts the join as JSON to the CORS endpoint.
export const EMBED_VERSION = "3";

export function embedScript(origin: string): string {
  return `/*! ${origin}/embed.js v${EMBED_VERSION} */
(function () {
  "use strict";
  var ORIGIN = ${JSON.stringify(origin)};
  var script = document.currentScript;
  if (!script) return;
  var theme = script.getAttribute("data-theme") === "dark" ? "dark" : "light";
  var ref = script.getAttribute("data-ref") || new URLSearchParams(location.search).get("ref") || "";
  var host = document.createElement("div");
  host.setAttribute("data-launchcrew-embed", EMBED_VERSION_PLACEHOLDER);
  script.parentNode.insertBefore(host, script.nextSibling);
  var root = host.attachShadow({ mode: "open" });
  var n = Math.random().toString(36).slice(2, 8);
  // An answer under the consent age sticks to this device for a day (ADR 0061): the
  // server's signed age pass, kept here since the form keeps no cookies.
  var PASS_KEY = "launchcrew-age-pass";
  function storedPass() {
    try { return localStorage.getItem(PASS_KEY) || undefined; } catch (error) { return undefined; }
  }
  function keepPass(pass) {
    try { localStorage.setItem(PASS_KEY, pass); } catch (error) { /* storage refused: the server still remembers the address */ }
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs) node.setAttribute(name, attrs[name]);
    if (text) node.textContent = text;
    return node;
  }
  function hex(bytes) {
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function unhex(text) {
    var out = new Uint8Array(text.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16);
    return out;
  }
  async function solve(challenge) {
    var p = challenge.parameters;
    var nonce = unhex(p.nonce), salt = unhex(p.salt), started = performance.now();
    var password = new Uint8Array(nonce.length + 4);
    password.set(nonce);
    var view = new DataView(password.buffer);
    for (var counter = 0; counter < 1e7; counter++) {
      view.setUint32(nonce.length, counter, false);
      var key = await crypto.subtle.importKey("raw", password, "PBKDF2", false, ["deriveBits"]);
      var bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-" + p.algorithm.split("SHA-")[1], salt: salt, iterations: p.cost }, key, p.keyLength * 8));
      var derived = hex(bits);
      if (derived.indexOf(p.keyPrefix) === 0) {
        var solution = { counter: counter, derivedKey: derived, time: performance.now() - started };
        return btoa(JSON.stringify({ challenge: { parameters: p, signature: challenge.signature }, solution: solution }));
      }
    }
    throw new Error("unsolved");
  }

  function render(config) {
    var dark = theme === "dark";
    var style = el("style");
    style.textContent = ":host{all:initial;display:block;font:16px/1.5 system-ui,sans-serif}" +
      ".box{max-width:28rem;padding:1.25rem;border-radius:1rem;border:1px solid " + (dark ? "#44403c" : "#e7e5e4") + ";background:" + (dark ? "#1c1917" : "#fff") + ";color:" + (dark ? "#fafaf9" : "#1c1917") + "}" +
      "h2{margin:0 0 .75rem;font-size:1.25rem}label{display:block;font-weight:700;margin-bottom:.25rem}" +
      "fieldset.birth{border:0;padding:0;margin:.75rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem}fieldset.birth legend{font-weight:700;margin-bottom:.25rem;padding:0}fieldset.birth select{flex:1;padding:.6rem .75rem;border-radius:.6rem;border:1px solid #a8a29e;font:inherit;color:#1c1917;background:#fff}fieldset.birth input{width:6rem}label.country{margin-top:.75rem}select#bc-" + n + "{width:100%;padding:.6rem .75rem;border-radius:.6rem;border:1px solid #a8a29e;font:inherit;color:#1c1917;background:#fff}" +
      "input{box-sizing:border-box;width:100%;padding:.6rem .75rem;border-radius:.6rem;border:1px solid #a8a29e;font:inherit;color:#1c1917;background:#fff}" +
      "button{margin-top:.75rem;width:100%;padding:.7rem;border:0;border-radius:.6rem;font:inherit;font-weight:800;cursor:pointer;background:" + config.brandColor + ";color:" + config.brandTextColor + "}" +
      "button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid " + (dark ? "#fafaf9" : "#1e3a8a") + ";outline-offset:2px}" +
      ".hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.msg{margin:.75rem 0 0}.err{color:" + (dark ? "#fca5a5" : "#b91c1c") + ";font-weight:700}a{color:inherit}";
    var box = el("div", { class: "box" });
    var form = el("form", { novalidate: "" });
    var heading = el("h2", { id: "h-" + n }, config.heading);
    form.setAttribute("aria-labelledby", "h-" + n);
    var label = el("label", { for: "e-" + n }, config.emailLabel);
    var input = el("input", { id: "e-" + n, type: "email", name: "email", autocomplete: "email", required: "", "aria-describedby": "m-" + n });
    var birth = el("fieldset", { class: "birth" });
    birth.appendChild(el("legend", {}, config.birthLegend));
    var month = el("select", { id: "bm-" + n, name: "birthMonth", required: "", autocomplete: "bday-month" });
    month.appendChild(el("option", { value: "" }, config.monthLabel));
    config.months.forEach(function (name, index) { month.appendChild(el("option", { value: String(index + 1) }, name)); });
    var year = el("input", { id: "by-" + n, name: "birthYear", required: "", inputmode: "numeric", maxlength: "4", autocomplete: "bday-year", placeholder: config.yearLabel });
    birth.append(el("label", { for: "bm-" + n, class: "hp" }, config.monthLabel), month, el("label", { for: "by-" + n, class: "hp" }, config.yearLabel), year);
    var countryLabel = el("label", { for: "bc-" + n, class: "country" }, config.countryLabel);
    var country = el("select", { id: "bc-" + n, name: "country", autocomplete: "country" });
    country.appendChild(el("option", { value: "" }, config.countryLabel));
    var region = (/^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(navigator.language || "") || [])[1];
    (config.countries || []).forEach(function (pair) { country.appendChild(el("option", { value: pair[0] }, pair[1])); });
    if (region) country.value = region.toUpperCase();
    if (country.selectedIndex < 0) country.value = "";
    var honeypot = el("div", { class: "hp", "aria-hidden": "true" });
    var trap = el("input", { type: "text", name: "website", tabindex: "-1", autocomplete: "off" });
    honeypot.appendChild(trap);
    var button = el("button", { type: "submit" }, config.button);
    var message = el("p", { id: "m-" + n, class: "msg", role: "status", "aria-live": "polite" });
    // "Children first" (ADR 0066): no age question, and the address is the grown-up's.
    if (config.childrenFirst) {
      var intro = el("p", { id: "pf-" + n }, config.parentFirstText);
      input.setAttribute("aria-describedby", "pf-" + n + " m-" + n);
      input.setAttribute("autocomplete", "off");
      form.append(heading, intro, label, input, honeypot, button, message);
    } else {
      form.append(heading, label, input, birth, countryLabel, country, honeypot, button, message);
    }
    box.appendChild(form);
    root.append(style, box);
    var solving = fetch(ORIGIN + "/api/embed/challenge", { credentials: "omit" }).then(function (r) { return r.json(); }).then(solve).catch(function () { return ""; });

    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      message.className = "msg";
      if (!input.value.trim() || !input.checkValidity()) {
        message.className = "msg err";
        message.textContent = config.invalidEmail;
        input.setAttribute("aria-invalid", "true");
        input.focus();
        return;
      }
      input.removeAttribute("aria-invalid");
      if (!config.childrenFirst && (!month.value || !/^[0-9]{4}$/.test(year.value.trim()))) {
        message.className = "msg err";
        message.textContent = config.birthMissing;
        (month.value ? year : month).focus();
        return;
      }
      button.disabled = true;
      button.textContent = config.submitting;
      try {
        var altcha = await solving;
        var response = await fetch(ORIGIN + "/api/embed/join", {
          method: "POST",
          credentials: "omit",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: input.value, birthMonth: month.value, birthYear: year.value, country: country.value || undefined, referralCode: ref, altcha: altcha || undefined, website: trap.value, agePass: storedPass(), language: navigator.language, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
        });
        var answer = await response.json();
        if (!response.ok) throw new Error(answer.error || config.failed);
        box.textContent = "";
        if (answer.status === "parent_asked") {
          var asked = el("div", { role: "status" });
          asked.append(el("h2", {}, config.parentAskedTitle), el("p", {}, config.parentAskedText));
          box.appendChild(asked);
          asked.setAttribute("tabindex", "-1");
          asked.focus();
          return;
        }
        if (answer.status === "ask_parent") {
          if (answer.agePass) keepPass(answer.agePass);
          var ask = el("div", { role: "status" });
          ask.appendChild(el("h2", {}, config.askParentTitle));
          var askText = el("p", {}, config.askParentText + " ");
          askText.appendChild(el("a", { href: answer.parentUrl, target: "_blank", rel: "noopener" }, config.askParentLink));
          ask.appendChild(askText);
          box.appendChild(ask);
          ask.setAttribute("tabindex", "-1");
          ask.focus();
          return;
        }
        var done = el("div", { role: "status" });
        done.appendChild(el("h2", {}, answer.status === "joined" ? config.joinedTitle : config.emailedTitle));
        var text = el("p", {}, answer.status === "joined" ? config.joinedText + " " : config.emailedText);
        if (answer.status === "joined") text.appendChild(el("a", { href: answer.referralLink, target: "_blank", rel: "noopener" }, answer.referralLink));
        done.appendChild(text);
        box.appendChild(done);
        done.setAttribute("tabindex", "-1");
        done.focus();
      } catch (error) {
        message.className = "msg err";
        message.textContent = (error && error.message) || config.failed;
        button.disabled = false;
        button.textContent = config.button;
        solving = fetch(ORIGIN + "/api/embed/challenge", { credentials: "omit" }).then(function (r) { return r.json(); }).then(solve).catch(function () { return ""; });
      }
    });
  }

  fetch(ORIGIN + "/api/embed/config", { credentials: "omit" })
    .then(function (r) { if (!r.ok) throw new Error(); return r.json(); })
    .then(render)
    .catch(function () {
      root.appendChild(el("p", { role: "note" }, "This sign-up form is not enabled for this website."));
    });
})();
`.replace("EMBED_VERSION_PLACEHOLDER", JSON.stringify(EMBED_VERSION));
}
