// The game creation form of BGS and the API's check of what it sends (facts §5), so the
// engine's `init` gets exactly what the platform gives it: a string for every select of the
// form, whatever game is chosen, `true` for each ticked checkbox, nothing for the others.

/**
 * What the form submits: `choices` are the person's picks (select name -> item name,
 * checkbox name -> true/false); the rest keep the declared defaults (a select whose default
 * is not one of its items starts on its first item).
 */
export function formOptions(info, choices = {}) {
  const selects = {};
  const ticked = ["join"];
  for (const option of info.options) {
    if (option.type === "select") {
      const names = option.items.map((i) => i.name);
      selects[option.name] = typeof option.default === "string" && names.includes(option.default) ? option.default : names[0];
    } else if (option.type === "checkbox" && option.default === true) {
      ticked.push(option.name);
    }
  }
  for (const [name, value] of Object.entries(choices)) {
    if (value === true && !ticked.includes(name)) ticked.push(name);
    else if (value === false && ticked.includes(name)) ticked.splice(ticked.indexOf(name), 1);
    else if (typeof value === "string") selects[name] = value;
  }
  return { ...Object.fromEntries(ticked.map((k) => [k, true])), ...selects, playerOrder: "random" };
}

/** The API's `POST /new-game` check: the options stored with the game (and given to `init`). */
export function storedOptions(info, submitted) {
  const declared = new Map(info.options.map((o) => [o.name, o]));
  const kept = {};
  for (const [key, value] of Object.entries(submitted)) {
    if (value === "$none") continue;
    if (key === "join" || key === "unlisted") {
      if (typeof value !== "boolean") throw new Error(`422 ${key} must be a boolean`);
      kept[key] = value;
      continue;
    }
    if (key === "playerOrder") {
      kept[key] = value;
      continue;
    }
    const option = declared.get(key);
    if (!option) continue;
    if (option.type === "checkbox") {
      if (typeof value !== "boolean") throw new Error(`422 Invalid value for option: ${key}`);
      kept[key] = value;
    } else if (option.type === "select") {
      if (typeof value !== "string" || !option.items.some((i) => i.name === value)) {
        throw new Error(`422 Invalid value for option: ${key}`);
      }
      kept[key] = value;
    }
  }
  delete kept.join;
  delete kept.playerOrder;
  delete kept.unlisted;
  return kept;
}
