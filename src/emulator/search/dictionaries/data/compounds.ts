/**
 * Standard German compound decompositions. No maintained German decompounding list is
 * published on npm, so this is a small hand-written list of common compounds; the words
 * it names also serve as atoms for splitting other compounds (see lookup.ts).
 */
export const STANDARD_COMPOUNDS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  de: {
    apfelbaum: ['apfel', 'baum'],
    apfelsaft: ['apfel', 'saft'],
    autobahn: ['auto', 'bahn'],
    bahnhof: ['bahn', 'hof'],
    blumentopf: ['blumen', 'topf'],
    fahrrad: ['fahr', 'rad'],
    fussball: ['fuss', 'ball'],
    geburtstag: ['geburts', 'tag'],
    handschuh: ['hand', 'schuh'],
    haustuer: ['haus', 'tuer'],
    haustür: ['haus', 'tür'],
    hausschuh: ['haus', 'schuh'],
    hundehuette: ['hunde', 'huette'],
    hundehütte: ['hunde', 'hütte'],
    kinderwagen: ['kinder', 'wagen'],
    kuehlschrank: ['kuehl', 'schrank'],
    kühlschrank: ['kühl', 'schrank'],
    lederjacke: ['leder', 'jacke'],
    regenschirm: ['regen', 'schirm'],
    schreibtisch: ['schreib', 'tisch'],
    sonnenbrille: ['sonnen', 'brille'],
    sportschuh: ['sport', 'schuh'],
    staubsauger: ['staub', 'sauger'],
    strassenbahn: ['strassen', 'bahn'],
    tischlampe: ['tisch', 'lampe'],
    turnschuh: ['turn', 'schuh'],
    wanderschuh: ['wander', 'schuh'],
    waschmaschine: ['wasch', 'maschine'],
    weinglas: ['wein', 'glas'],
    winterjacke: ['winter', 'jacke'],
    zahnbuerste: ['zahn', 'buerste'],
    zahnbürste: ['zahn', 'bürste'],
  },
};
