// jsdom has CSSStyleSheet but not the constructable-stylesheet API the embed's style hub uses; this gives it one
// that parses through jsdom's own CSS parser (a <style> element), so the scoping is tested on real rules. Installed
// by every test file anew: jsdom's CSSOM classes outlive a test file's window within one jest worker.
export function polyfillReplaceSync(): void {
  const proto = CSSStyleSheet.prototype as CSSStyleSheet & { replaceSync?: (text: string) => void };
  proto.replaceSync = function replaceSync(this: CSSStyleSheet, text: string) {
    const style = document.createElement('style');
    style.textContent = text;
    document.head.appendChild(style);
    const rules = Array.from(style.sheet!.cssRules).map((rule) => rule.cssText);
    style.remove();
    while (this.cssRules.length) this.deleteRule(0);
    rules.forEach((rule, index) => this.insertRule(rule, index));
  };
}
