/**
 * The organized empires of seed 003 chapter 8 ("Empires"), each with the spot
 * its paragraph places it at, and the builder of chapter 7 whose starships its
 * industrial centres build.
 *
 * Builders (chapter 7, "STARSHIP LIST BY BUILDER", and the note on "Federation"
 * starships ending chapter 7): "Federation-a starships ... are built by the
 * Federation Core. Federation-b ... are built primarily by Andorians, Betazoids
 * and Efrosians." Empires with no builder of their own build their parent's
 * starships: the three Dominion Warfleets Dominion, the Obsidian Order
 * Cardassian, the Remans Romulan, Houses Duras and Korgoroth Klingon, the four
 * Borg Unimatrixes Borg, the Hive "8472 Hive".
 *
 * Banner colours are not listed here: they are chosen when a galaxy is made, so that empires near
 * each other differ most (colours.ts).
 *
 * Spots are fractions of the map: x from the west edge (0) to the east edge (1),
 * y from the north edge (0) to the south edge (1); "on the mapedge" is 0.03 from
 * it, "near/not quite on" the edge 0.16-0.2 from it.
 */
import type { EmpireSpec } from "./generate.js";

export const CHAPTER_8_EMPIRES: readonly EmpireSpec[] = [
  // "The Hive is located near the middle of the right mapedge."
  {
    id: "hive",
    name: "Species 8472 Hive",
    ruler: "The Hive Mind",
    builder: "8472 Hive",
    at: { x: 0.97, y: 0.5 },
    capital: "Fluidic Rift",
    admiral: "Bioship Alpha",
  },
  // "All three Dominion Warfleets appear around the upper left corner of the map."
  {
    id: "dominion-vi",
    name: "Dominion Warfleet VI",
    ruler: "First Omet'iklan",
    builder: "Dominion",
    at: { x: 0.03, y: 0.04 },
    capital: "Gamma Gate",
    admiral: "Third Virak'kara",
  },
  {
    id: "dominion-xii",
    name: "Dominion Warfleet XII",
    ruler: "First Remata'Klan",
    builder: "Dominion",
    at: { x: 0.17, y: 0.03 },
    capital: "Karemma Station",
    admiral: "Third Ixtana'Rax",
  },
  {
    id: "dominion-xxv",
    name: "Dominion Warfleet XXV",
    ruler: "First Toman'torax",
    builder: "Dominion",
    at: { x: 0.03, y: 0.2 },
    capital: "Founders' Rock",
    admiral: "Third Goran'Agar",
  },
  // "The Cardassians are located near the middle of the left mapedge."
  {
    id: "cardassian",
    name: "Cardassian Union",
    ruler: "Legate Damar",
    builder: "Cardassian",
    at: { x: 0.03, y: 0.46 },
    capital: "Cardassia Prime",
    admiral: "Gul Dukat",
  },
  // "They are present a little distance 'south' of the Cardassian Union."
  {
    id: "obsidian-order",
    name: "Obsidian Order",
    ruler: "Enabran Tain",
    builder: "Cardassian",
    at: { x: 0.05, y: 0.65 },
    capital: "Tain's Refuge",
    admiral: "Gul Evek",
  },
  // "The Orions are located on the lower left corner of the map."
  {
    id: "orion",
    name: "Orion Pirates",
    ruler: "Harrad-Sar",
    builder: "Orion",
    at: { x: 0.03, y: 0.96 },
    capital: "Orion",
    admiral: "Captain Navaar",
  },
  // "This empire is located along the lower mapedge, near the middle."
  {
    id: "efrosian",
    name: "Efrosian Core",
    ruler: "President Ra-ghoratreii",
    builder: "Federation-b",
    at: { x: 0.4, y: 0.97 },
    capital: "Efros",
    admiral: "Admiral Jarhi",
  },
  // "The Vulcans live near the center of the map, a bit to the 'south' of the Federation core."
  {
    id: "vulcan",
    name: "Vulcan Core",
    ruler: "Minister T'Pau",
    builder: "Vulcan",
    at: { x: 0.5, y: 0.66 },
    capital: "Vulcan",
    admiral: "Admiral Savar",
  },
  // "As one would expect, Earth is located near the map's center."
  {
    id: "federation",
    name: "Federation Core",
    ruler: "President Jaresh-Inyo",
    builder: "Federation-a",
    at: { x: 0.5, y: 0.5 },
    capital: "Earth",
    admiral: "Admiral Nechayev",
  },
  // "Betazed is located centrally, to the 'northwest' of the Federation core."
  {
    id: "betazoid",
    name: "Betazoid Core",
    ruler: "Ambassador Troi",
    builder: "Federation-b",
    at: { x: 0.38, y: 0.36 },
    capital: "Betazed",
    admiral: "Admiral Sarn",
  },
  // "The Andorans are near the Federation core, to the 'east' of it."
  {
    id: "andoran",
    name: "Andoran Core",
    ruler: "Chancellor Shran",
    builder: "Federation-b",
    at: { x: 0.65, y: 0.5 },
    capital: "Andoria",
    admiral: "Commander Thelin",
  },
  // "The Confederacy is located near the upper left corner, but not quite on the mapedge."
  {
    id: "breen",
    name: "Breen Confederacy",
    ruler: "Thot Gor",
    builder: "Breen",
    at: { x: 0.19, y: 0.2 },
    capital: "Breen",
    admiral: "Thot Pran",
  },
  // "Ferengal can be found more or less centrally, 'due north' of the Federation core."
  {
    id: "ferengi",
    name: "Ferengi Alliance",
    ruler: "Grand Nagus Zek",
    builder: "Ferengi",
    at: { x: 0.5, y: 0.33 },
    capital: "Ferenginar",
    admiral: "DaiMon Bok",
  },
  // "The Borg Unimatrixes appear at different locations on the mapedge, along the upper right corner of the map."
  {
    id: "borg-1",
    name: "Borg Unimatrix 1",
    ruler: "The Borg Queen",
    builder: "Borg",
    at: { x: 0.7, y: 0.03 },
    capital: "Unimatrix Zero One",
    admiral: "Locutus",
  },
  {
    id: "borg-2",
    name: "Borg Unimatrix 2",
    ruler: "Two of Nine",
    builder: "Borg",
    at: { x: 0.86, y: 0.03 },
    capital: "Unimatrix Zero Two",
    admiral: "Three of Nine",
  },
  {
    id: "borg-3",
    name: "Borg Unimatrix 3",
    ruler: "Four of Twelve",
    builder: "Borg",
    at: { x: 0.97, y: 0.1 },
    capital: "Unimatrix Zero Three",
    admiral: "Five of Twelve",
  },
  {
    id: "borg-4",
    name: "Borg Unimatrix 4",
    ruler: "Six of Ten",
    builder: "Borg",
    at: { x: 0.97, y: 0.27 },
    capital: "Unimatrix Zero Four",
    admiral: "Seven of Ten",
  },
  // "The Kazon are located on the right mapedge, between the 8472 Hive and House Korgoroth."
  {
    id: "kazon",
    name: "Kazon Collective",
    ruler: "Maje Culluh",
    builder: "Kazon",
    at: { x: 0.97, y: 0.73 },
    capital: "Ocampa",
    admiral: "First Maje Jal Haliz",
  },
  // "The Remians are located 'north' of the Romulan Empire."
  {
    id: "reman",
    name: "Reman Praetorate",
    ruler: "Praetor Shinzon",
    builder: "Romulan",
    at: { x: 0.81, y: 0.33 },
    capital: "Remus",
    admiral: "Viceroy Vkruk",
  },
  // "The Romulans are found in the right-center of the map, halfway between Andora and the Hive."
  {
    id: "romulan",
    name: "Romulan Star Empire",
    ruler: "Praetor Neral",
    builder: "Romulan",
    at: { x: 0.81, y: 0.5 },
    capital: "Romulus",
    admiral: "Commander Tomalak",
  },
  // "The Gorn are located centrally, 'southeast' from the Federation core."
  {
    id: "gorn",
    name: "Gorn Hegemony",
    ruler: "Slar",
    builder: "Gorn",
    at: { x: 0.63, y: 0.66 },
    capital: "Gornar",
    admiral: "Captain Varn",
  },
  // "The Tholians are near the middle of the lower mapedge" (the Efrosians take the
  // west half of it; the Tholians' quarrel is "near the Klingon border", so east).
  {
    id: "tholian",
    name: "Tholian Assembly",
    ruler: "Commander Loskene",
    builder: "Tholian",
    at: { x: 0.6, y: 0.97 },
    capital: "Tholia",
    admiral: "Commander Terev",
  },
  // "The Klingon Empire is near the lower right corner of the map, but not quite on the edge."
  {
    id: "klingon",
    name: "Klingon Empire",
    ruler: "Chancellor Gowron",
    builder: "Klingon",
    at: { x: 0.83, y: 0.8 },
    capital: "Qo'noS",
    admiral: "General Martok",
  },
  // "Duras is due south of the Klingon Empire, near the mapedge."
  {
    id: "duras",
    name: "House Duras",
    ruler: "Lady Lursa",
    builder: "Klingon",
    at: { x: 0.83, y: 0.97 },
    capital: "Duras Keep",
    admiral: "Commander Toral",
  },
  // "They can be found on the mapedge of the lower right corner of the map."
  {
    id: "korgoroth",
    name: "House Korgoroth",
    ruler: "Lord Korgoroth",
    builder: "Klingon",
    at: { x: 0.97, y: 0.97 },
    capital: "Korgoroth Prime",
    admiral: "Captain Kurn",
  },
];
