/** Downloading text as a file (a `blob:` link with a `download` name; nothing leaves the browser). */

/**
 * Let the browser save text as a file.
 * @param name the file's name; only the part after the last `/` is used ("cards/dbe/a.dgs" → "a.dgs")
 * @param text its content (UTF-8)
 * @param type its media type
 */
export function downloadText(name: string, text: string, type = "text/plain;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name.slice(name.lastIndexOf("/") + 1);
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
