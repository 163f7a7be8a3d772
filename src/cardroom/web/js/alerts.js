// Turn alerts: what tells a player whose tab is in the background that it is their turn. Only this
// seat's own decisions alert, never another seat's turn.
const $ = (id) => document.getElementById(id);

let wasMyTurn = false;

// The optional turn sound: a short tone made in the page (no audio file), only if asked for.
function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // no sound available: the tab title still says it
  }
}

// Called at every render with whether this seat has a decision now.
export function noteTurn(myTurn, tableTitle) {
  const alert = myTurn && document.hidden;
  document.title = `${alert ? "● Your turn · " : ""}cardroom: ${tableTitle}`;
  if (myTurn && !wasMyTurn && $("sound").checked) chime();
  wasMyTurn = myTurn;
}
