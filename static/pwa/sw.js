// Hydra's service worker (served as /sw.js, so its scope is the whole site; docs/portal.md, "The player app").
// Pages: network first, a copy of each page kept; without network the page's last copy, else My events' (the
// player's current event and last pairing), else the offline page. Static files: the same, so a kept page keeps
// its look. Pushes: shown as a notification that opens the page acting on it.
"use strict";
var CACHE = "hydra-pages-v1";
var OFFLINE = "/offline/";
var HOME = "/";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(OFFLINE); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function kept(key, page) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(key, {ignoreSearch: true}).then(function (hit) {
      if (hit || !page) { return hit; }
      return cache.match(HOME).then(function (home) { return home || cache.match(OFFLINE); });
    });
  });
}

// A page answered 503 (the server full: config/errors.py) is asked again after its Retry-After, a few times, before
// the phone shows the 503 page: the venue's burst passes in seconds.
var RETRIES = 3;
var LONGEST_WAIT_MS = 30000;
function fetchRetrying(request, left) {
  return fetch(request).then(function (response) {
    var wait = 1000 * parseInt(response.headers.get("Retry-After") || "", 10);
    if (response.status !== 503 || left <= 0 || isNaN(wait) || wait > LONGEST_WAIT_MS) { return response; }
    return new Promise(function (resolve) { setTimeout(resolve, Math.max(wait, 500)); }).then(function () {
      return fetchRetrying(request, left - 1);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  var page = request.mode === "navigate";
  if (!page && url.pathname.indexOf("/static/") !== 0) { return; }
  event.respondWith(fetchRetrying(request, page ? RETRIES : 0).then(function (response) {
    if (response.ok && !url.searchParams.has("partial")) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(page ? url.pathname : request, copy); });
    }
    return response;
  }).catch(function () {
    return kept(page ? url.pathname : request, page).then(function (hit) {
      return hit || Response.error();
    });
  }));
});

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {body: event.data && event.data.text()}; }
  event.waitUntil(self.registration.showNotification(data.title || "Hydra", {
    body: data.body || "", tag: data.tag, data: {url: data.url || HOME}, icon: "/static/pwa/icon-192.png",
    lang: data.lang || "",  // the language the words are in (the person's chosen one): the phone picks its glyphs
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = (event.notification.data && event.notification.data.url) || HOME;
  event.waitUntil(self.clients.matchAll({type: "window"}).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (new URL(windows[i].url).pathname === target && "focus" in windows[i]) { return windows[i].focus(); }
    }
    return self.clients.openWindow(target);
  }));
});
