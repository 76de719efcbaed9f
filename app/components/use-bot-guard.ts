import type { AltchaWidgetElement } from "altcha";
import { useCallback, useEffect, useRef, useState } from "react";

/** Past this, the form is sent without a solution (the server then counts it as without JavaScript). */
const SOLVE_TIMEOUT_MS = 15_000;
/** Solves tried for one submit before it is sent without a solution (e.g. where the widget cannot run). */
const SOLVE_ATTEMPTS = 3;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

function payloadOf(form: HTMLFormElement): string {
  const field = form.elements.namedItem("altcha");
  return field instanceof HTMLInputElement ? field.value : "";
}

/** Whether the widget has mounted: its methods exist only from then on. */
function isMounted(element: HTMLElement | null): element is AltchaWidgetElement {
  return typeof (element as Partial<AltchaWidgetElement> | null)?.getState === "function";
}

/** "onfocus" starts on the form's next focus, but someone may be typing in it already. */
function startIfFormFocused(widget: AltchaWidgetElement) {
  const isFocused = widget.closest("form")?.contains(document.activeElement) ?? false;
  if (isFocused && widget.getConfiguration().auto === "onfocus" && widget.getState() === "unverified") void widget.verify();
}

/** Resolves when a solve in progress has ended, solved or not. */
function settled(widget: AltchaWidgetElement): Promise<void> {
  return new Promise((resolve) => {
    const onChange = (event: Event) => {
      if ((event as CustomEvent<{ state?: string }>).detail?.state === "verifying") return;
      widget.removeEventListener("statechange", onChange);
      resolve();
    };
    widget.addEventListener("statechange", onChange);
  });
}

/**
 * While it solves, the widget's own (Svelte-rendered) checkbox is `required`, so in a form
 * the browser validates, a submit stops at that hidden checkbox and nothing happens. Its
 * `invalid` event, caught on the form (it does not bubble), is handed to `onStopped`.
 */
function onSubmitStoppedByWidget(widget: AltchaWidgetElement, onStopped: (form: HTMLFormElement) => void) {
  const form = widget.closest("form");
  form?.addEventListener(
    "invalid",
    (event) => {
      if (!(event.target instanceof Node) || !widget.contains(event.target)) return;
      event.preventDefault();
      onStopped(form);
    },
    { capture: true },
  );
}

/**
 * The browser half of the bot guard (ADR 0013) for one form: loads the hidden ALTCHA
 * widget after hydration and holds a submit until the widget has a solution nobody has
 * sent yet, then submits again. A solution counts once on the server, so after each
 * submit the next focus or submit solves a fresh challenge. Without the widget (no
 * JavaScript, or it failed to load) the form posts as it is.
 */
export function useBotGuard() {
  const [isWidgetLoaded, setIsWidgetLoaded] = useState(false);
  const [isWaiting, setIsWaiting] = useState(false);
  // The mounted widget, or null when it could not be loaded.
  const [mounted] = useState(() => deferred<AltchaWidgetElement | null>());
  const widget = useRef<AltchaWidgetElement | null>(null);
  const isUnavailable = useRef(false);
  const isHolding = useRef(false);
  const letNextSubmitThrough = useRef(false);
  const sentPayload = useRef<string | null>(null);
  const holdStoppedSubmit = useRef<(form: HTMLFormElement) => void>(() => undefined);

  useEffect(() => {
    let isActive = true;
    import("./bot-widget.client").then(
      () => isActive && setIsWidgetLoaded(true),
      () => {
        isUnavailable.current = true;
        mounted.resolve(null);
      },
    );
    return () => {
      isActive = false;
    };
  }, [mounted]);

  const attachWidget = useCallback(
    (element: HTMLElement | null) => {
      widget.current = element as AltchaWidgetElement | null;
      const onMounted = (mountedWidget: AltchaWidgetElement) => {
        mounted.resolve(mountedWidget);
        startIfFormFocused(mountedWidget);
        onSubmitStoppedByWidget(mountedWidget, (form) => holdStoppedSubmit.current(form));
      };
      if (isMounted(element)) onMounted(element);
      else element?.addEventListener("load", () => onMounted(element as AltchaWidgetElement), { once: true });
    },
    [mounted],
  );

  async function solveFresh(form: HTMLFormElement): Promise<void> {
    const element = await mounted.promise;
    if (!element) return;
    // Two solves at once spoil each other: the widget's second one makes the first fail,
    // and that failure ends a wait. So a try that ends without a solution is tried again.
    for (let attempt = 0; attempt < SOLVE_ATTEMPTS && !hasUnsentSolution(form); attempt += 1) {
      if (element.getState() === "verifying") await settled(element);
      // A solution already sent, expired or failed: ask for a new challenge.
      else await element.verify();
    }
  }

  function hasUnsentSolution(form: HTMLFormElement): boolean {
    const payload = payloadOf(form);
    return isMounted(widget.current) && widget.current.getState() === "verified" && payload !== "" && payload !== sentPayload.current;
  }

  /** Call after the form's own checks in its onSubmit: lets the submit go on, or holds it. */
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (event.defaultPrevented) {
      letNextSubmitThrough.current = false;
      return;
    }
    if (letNextSubmitThrough.current || isUnavailable.current || hasUnsentSolution(form)) {
      letNextSubmitThrough.current = false;
      sentPayload.current = payloadOf(form) || null;
      return;
    }
    event.preventDefault();
    holdUntilSolved(form, (event.nativeEvent as SubmitEvent).submitter);
  }

  /** Holds the submit until a fresh solution (or the timeout), then submits again. */
  function holdUntilSolved(form: HTMLFormElement, submitter: HTMLElement | null) {
    if (isHolding.current) return;
    isHolding.current = true;
    setIsWaiting(true);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, SOLVE_TIMEOUT_MS));
    void Promise.race([solveFresh(form), timeout]).finally(() => {
      isHolding.current = false;
      setIsWaiting(false);
      letNextSubmitThrough.current = true;
      if (form.isConnected) form.requestSubmit(submitter);
    });
  }


  /** The form's onFocus: once its solution was sent (or it failed or expired), start the next. */
  function onFocus(event: React.FocusEvent<HTMLFormElement>) {
    const element = widget.current;
    if (!isMounted(element) || isHolding.current) return;
    const state = element.getState();
    const isSent = state === "verified" && sentPayload.current !== null && payloadOf(event.currentTarget) === sentPayload.current;
    if (isSent || state === "error" || state === "expired") void element.verify();
  }

  /** The form's handlers: its own checks (`formSubmit`, e.g. Conform's) first, then the guard's. */
  function formHandlers(formSubmit: (event: React.FormEvent<HTMLFormElement>) => void) {
    return {
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        formSubmit(event);
        onSubmit(event);
      },
      onFocus,
    };
  }

  useEffect(() => {
    holdStoppedSubmit.current = (form) => holdUntilSolved(form, null);
  });

  return { isWidgetLoaded, isWaiting, attachWidget, formHandlers };
}

export type BotGuard = ReturnType<typeof useBotGuard>;
